/**
 * What a release's `sdk.d.ts` offers, reduced to what a catch-up needs: each section maps a key
 * (an export, an option, a method, a hook event, a message variant, a control subtype) to an entry.
 */
export interface DtsSurface {
  /** Every exported name, its kind (`type`, `interface`, `class`, `function`, `const`) as the text. */
  exports: SurfaceSection;
  /** `Options`: each field, `?:` when optional, with its declared type. */
  options: SurfaceSection;
  /** `Query`: each member with its signature(s). */
  query: SurfaceSection;
  /** `HOOK_EVENTS`: each event, with the fields of its `<Event>HookInput` as members. */
  hookEvents: SurfaceSection;
  /** The members of the `SDKMessage` union, by type name: `type`/`subtype` as the text, the fields as members. */
  messages: SurfaceSection;
  /** The control requests (`SDKControlRequestInner`), by `subtype`: the type name as the text, the fields as members. */
  controlRequests: SurfaceSection;
  /**
   * Every other exported type, by name: a union of string literals with each literal as a member,
   * an object type with its fields as members, anything else as its declared text.
   */
  types: SurfaceSection;
  /** The types of `sdk-tools.d.ts` (the built-in tools' inputs and outputs), as {@link DtsSurface.types}. */
  tools: SurfaceSection;
}

/** One section of a {@link DtsSurface}. */
export type SurfaceSection = Record<string, SurfaceEntry>;

/** One key of a section: a one-line text and, for a shape, its members (name to declared text). */
export interface SurfaceEntry {
  text: string;
  members?: Record<string, string>;
}

/** The sections of a {@link DtsSurface}, in report order, with their headings. */
export const SURFACE_SECTIONS: ReadonlyArray<{ key: keyof DtsSurface; title: string }> = [
  { key: 'exports', title: 'Exported names' },
  { key: 'options', title: '`Options` fields' },
  { key: 'query', title: '`Query` methods' },
  { key: 'hookEvents', title: 'Hook events (and their inputs)' },
  { key: 'messages', title: 'Message variants (`SDKMessage` members)' },
  { key: 'controlRequests', title: 'Control request subtypes' },
  { key: 'types', title: 'Other exported types' },
  { key: 'tools', title: 'Built-in tool types (`sdk-tools.d.ts`)' },
];
