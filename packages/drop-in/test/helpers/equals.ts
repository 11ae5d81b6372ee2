/**
 * True when `A` and `B` are the same type: each assignable to the other, and no optional field,
 * `readonly` or `undefined` more on either side (the compiler's identity check, which plain
 * mutual assignability is not: an optional field one side lacks still passes that).
 */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** True when `A` is assignable to `B` and `B` to `A`. */
export type MutuallyAssignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Compiles only when `T` is `true`; use as `type _ = Expect<Equals<Ours, Theirs>>`. */
export type Expect<T extends true> = T;

/** True when `A` is assignable to `B` (one way). */
export type Extends<A, B> = [A] extends [B] ? true : false;
