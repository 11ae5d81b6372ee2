/** Which settings files the CLI loads. */
export type SettingSource = 'user' | 'project' | 'local';

/** Where a configuration is stored. */
export type ConfigScope = 'local' | 'user' | 'project';

/** An error found while reading a settings file. */
export type SDKSettingsParseError = {
  file?: string;
  path: string;
  message: string;
};
