/**
 * What a program can observe of an object at run time without reading its types: where each member
 * lives (on the object, on its immediate prototype, further up), whether it is enumerable, what
 * kind of thing it is, the prototype chain's length, the constructor's name, whether it is an
 * `Error`, and whether its async iterator is itself. A tracing wrapper that copies a query's methods
 * from `Object.getPrototypeOf(query)`, a logger that spreads an error, `Object.keys(message)`: each
 * sees these and nothing else.
 */
export interface ObjectShape {
  /** `plain` (its prototype is `Object.prototype`), `null-prototype`, or `instance` (of a class). */
  readonly prototype: 'plain' | 'null-prototype' | 'instance';
  /** Prototypes between the object and `Object.prototype` (0 for a plain object). */
  readonly chainLength: number;
  /** `constructor.name`, or `undefined` where there is no constructor. */
  readonly constructorName: string | undefined;
  /** `value instanceof Error`. */
  readonly isError: boolean;
  /** The names of {@link DescribeOptions.classes} that `value` is an `instanceof`, comma-separated. */
  readonly instanceOf: string;
  /** `typeof value[Symbol.asyncIterator]`, and whether calling it returns the object itself. */
  readonly asyncIterator: 'none' | 'self' | 'other';
  /** Every member compared, by {@link memberKey}. */
  readonly members: Readonly<Record<string, MemberShape>>;
}

/** Where one member is and what it is. */
export interface MemberShape {
  /** `own`, `prototype` (the immediate one), `inherited` (further up), `absent`. */
  readonly where: 'own' | 'prototype' | 'inherited' | 'absent';
  readonly enumerable: boolean;
  /** `method`, `getter`, `accessor` (a setter too), or `value:<typeof>`. */
  readonly kind: string;
}

/** A member's name as shapes key it: the string, or `Symbol(<description>)` for a symbol. */
export function memberKey(key: string | symbol): string {
  return typeof key === 'symbol' ? `Symbol(${key.description ?? ''})` : key;
}

/** What {@link describeShape} looks at besides the members named. */
export interface DescribeOptions {
  /**
   * Also every own enumerable property (what `Object.keys`, a spread and `JSON.stringify` see):
   * for plain objects, messages and errors, whose data is their surface. Not for a class instance
   * whose own fields are its private state (the official Query's fifty are).
   */
  ownEnumerable?: boolean;
  /** Classes a program checks with `instanceof` (an SDK's exported `AbortError`), by name. */
  // biome-ignore lint/complexity/noBannedTypes: any class, as `instanceof` takes it
  classes?: Readonly<Record<string, Function>>;
  /** Call `value[Symbol.asyncIterator]()` to see whether it returns the object itself (only where that starts no work). */
  callAsyncIterator?: boolean;
}

/**
 * The shape of `value` over `names` (members every SDK must place alike, present or not) and, with
 * `ownEnumerable`, its own enumerable properties. Members from `Object.prototype` count as absent:
 * every object has them.
 */
export function describeShape(
  value: object,
  names: readonly (string | symbol)[] = [],
  options: DescribeOptions = {},
): ObjectShape {
  const proto: unknown = Object.getPrototypeOf(value);
  const keys = new Set<string | symbol>(names);
  if (options.ownEnumerable === true) {
    for (const key of Reflect.ownKeys(value)) {
      if (Object.getOwnPropertyDescriptor(value, key)?.enumerable) keys.add(key);
    }
  }
  const members: Record<string, MemberShape> = {};
  for (const key of keys) members[memberKey(key)] = memberShape(value, key);
  const iterate = (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator];
  return {
    prototype: proto === Object.prototype ? 'plain' : proto === null ? 'null-prototype' : 'instance',
    chainLength: chainLength(value),
    constructorName: (value as { constructor?: { name?: string } }).constructor?.name,
    isError: value instanceof Error,
    instanceOf: Object.entries(options.classes ?? {})
      .filter(([, type]) => value instanceof type)
      .map(([name]) => name)
      .join(','),
    asyncIterator:
      typeof iterate !== 'function'
        ? 'none'
        : options.callAsyncIterator === true && (iterate as () => unknown).call(value) === value
          ? 'self'
          : 'other',
    members,
  };
}

function memberShape(value: object, key: string | symbol): MemberShape {
  let holder: object | null = value;
  for (let depth = 0; holder !== null && holder !== Object.prototype; depth++) {
    const descriptor = Object.getOwnPropertyDescriptor(holder, key);
    if (descriptor !== undefined) {
      return {
        where: depth === 0 ? 'own' : depth === 1 ? 'prototype' : 'inherited',
        enumerable: descriptor.enumerable === true,
        kind: kindOf(descriptor),
      };
    }
    holder = Object.getPrototypeOf(holder) as object | null;
  }
  return { where: 'absent', enumerable: false, kind: 'none' };
}

function kindOf(descriptor: PropertyDescriptor): string {
  if (descriptor.get !== undefined || descriptor.set !== undefined) {
    return descriptor.set === undefined ? 'getter' : 'accessor';
  }
  return typeof descriptor.value === 'function' ? 'method' : `value:${typeof descriptor.value}`;
}

function chainLength(value: object): number {
  let length = 0;
  for (let proto = Object.getPrototypeOf(value); proto !== null && proto !== Object.prototype; ) {
    length++;
    proto = Object.getPrototypeOf(proto);
  }
  return length;
}
