import { type DtsSurface, SURFACE_SECTIONS, type SurfaceEntry, type SurfaceSection } from './dts-surface.js';

/** One member of a shape added, removed or changed between two releases. */
export interface MemberChange {
  kind: 'added' | 'removed' | 'changed';
  name: string;
  /** The declared text before (absent for `added`). */
  before?: string;
  /** The declared text after (absent for `removed`). */
  after?: string;
}

/** One key of a section added, removed or changed (its text, or some of its members). */
export interface SurfaceChange {
  section: keyof DtsSurface;
  kind: 'added' | 'removed' | 'changed';
  key: string;
  before?: string;
  after?: string;
  /** For a changed shape: which members changed. */
  members?: MemberChange[];
}

/** Every change from `before` to `after`, section by section, keys in order. */
export function diffSurfaces(before: DtsSurface, after: DtsSurface): SurfaceChange[] {
  return SURFACE_SECTIONS.flatMap(({ key }) => diffSection(key, before[key], after[key]));
}

function diffSection(section: keyof DtsSurface, before: SurfaceSection, after: SurfaceSection): SurfaceChange[] {
  const changes: SurfaceChange[] = [];
  for (const key of unionOfKeys(before, after)) {
    const old = before[key];
    const now = after[key];
    // A type added or removed is already an export added or removed.
    if (section === 'types' && (old === undefined || now === undefined)) continue;
    if (old === undefined && now !== undefined) changes.push({ section, kind: 'added', key, after: now.text });
    else if (old !== undefined && now === undefined) changes.push({ section, kind: 'removed', key, before: old.text });
    else if (old !== undefined && now !== undefined) {
      const change = diffEntry(section, key, old, now);
      if (change) changes.push(change);
    }
  }
  return changes;
}

function diffEntry(section: keyof DtsSurface, key: string, old: SurfaceEntry, now: SurfaceEntry): SurfaceChange | null {
  const members = diffMembers(old.members ?? {}, now.members ?? {});
  if (old.text === now.text && members.length === 0) return null;
  return {
    section,
    kind: 'changed',
    key,
    ...(old.text === now.text ? {} : { before: old.text, after: now.text }),
    ...(members.length > 0 ? { members } : {}),
  };
}

/** Member by member: added, removed, or a declared text that differs. */
export function diffMembers(before: Record<string, string>, after: Record<string, string>): MemberChange[] {
  const changes: MemberChange[] = [];
  for (const name of unionOfKeys(before, after)) {
    const old = before[name];
    const now = after[name];
    if (old === undefined && now !== undefined) changes.push({ kind: 'added', name, after: now });
    else if (old !== undefined && now === undefined) changes.push({ kind: 'removed', name, before: old });
    else if (old !== now && old !== undefined && now !== undefined) {
      changes.push({ kind: 'changed', name, before: old, after: now });
    }
  }
  return changes;
}

function unionOfKeys(a: object, b: object): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
}
