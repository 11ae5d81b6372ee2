import type { EffortLevel } from '../models.js';
import type { Settings } from './settings.js';

/**
 * What `applyFlagSettings()` merges into the session's flag settings layer: any settings key, with
 * `null` to clear it (so lower-precedence sources apply again). `effortLevel` also takes the
 * session-only `'max'`. The parameter type of the official `Query.applyFlagSettings`.
 *
 * @example
 * ```ts
 * const update: FlagSettingsUpdate = { permissions: { allow: ['Read'] }, model: null };
 * ```
 */
export type FlagSettingsUpdate = {
  [K in keyof Settings]?: K extends 'effortLevel' ? EffortLevel | null : Settings[K] | null;
};
