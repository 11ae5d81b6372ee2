/** Settings of built-in tools. */
export type ToolConfig = {
  askUserQuestion?: {
    previewFormat?: 'markdown' | 'html';
  };
};

/** A plugin to load, from a local path. */
export type SdkPluginConfig = {
  type: 'local';
  path: string;
  skipMcpDiscovery?: boolean;
};
