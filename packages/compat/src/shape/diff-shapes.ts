import type { WireDifference } from '../wire/diff-recordings.js';
import type { MemberShape, ObjectShape } from './object-shape.js';

/** The shapes of one SDK's objects, by the object's name (`query`, `warm-query`, `message:result:success`, ...). */
export type ShapeSet = Readonly<Record<string, ObjectShape>>;

/**
 * Where `hexagent`'s objects differ from the official's, as differences with stable ids that
 * accepted-differences.json can list: `shape/<object>/<aspect>` for the object itself
 * (`prototype`, `chainLength`, `constructorName`, `isError`, `instanceOf`, `asyncIterator`) and
 * `shape/<object>/<member>/<where|enumerable|kind>` for a member; `shape/<object>/missing` when
 * hexagent has no such object. `official` names the official object each hexagent one is compared
 * with (the pool's queries with the official `query`); by default the one of the same name.
 */
export function diffShapes(
  official: ShapeSet,
  hexagent: ShapeSet,
  counterpart: (name: string) => string = (name) => name,
): WireDifference[] {
  const differences: WireDifference[] = [];
  const names = new Set([...Object.keys(official), ...Object.keys(hexagent)]);
  for (const name of [...names].sort()) {
    const theirs = official[counterpart(name)];
    const ours = hexagent[name];
    if (theirs === undefined) continue; // an object only hexagent has (the pool's) is compared through its counterpart
    if (ours === undefined) {
      differences.push({ id: `shape/${name}/missing`, text: 'the official SDK gives this object; hexagent did not' });
      continue;
    }
    differences.push(...diffObject(`shape/${name}`, theirs, ours));
  }
  return differences;
}

const ASPECTS = ['prototype', 'chainLength', 'constructorName', 'isError', 'instanceOf', 'asyncIterator'] as const;
const MEMBER_FIELDS = ['where', 'enumerable', 'kind'] as const;

function diffObject(prefix: string, official: ObjectShape, hexagent: ObjectShape): WireDifference[] {
  const differences: WireDifference[] = [];
  for (const aspect of ASPECTS) {
    if (official[aspect] !== hexagent[aspect]) {
      differences.push({
        id: `${prefix}/${aspect}`,
        text: `official ${show(official[aspect])}, hexagent ${show(hexagent[aspect])}`,
      });
    }
  }
  const members = new Set([...Object.keys(official.members), ...Object.keys(hexagent.members)]);
  for (const member of [...members].sort()) {
    const theirs = official.members[member] ?? ABSENT;
    const ours = hexagent.members[member] ?? ABSENT;
    for (const field of MEMBER_FIELDS) {
      if (theirs[field] !== ours[field]) {
        differences.push({
          id: `${prefix}/${member}/${field}`,
          text: `official ${show(theirs[field])}, hexagent ${show(ours[field])}`,
        });
      }
    }
  }
  return differences;
}

const ABSENT: MemberShape = { where: 'absent', enumerable: false, kind: 'none' };

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
