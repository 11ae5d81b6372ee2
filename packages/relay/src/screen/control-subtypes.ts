/**
 * The control requests (by `subtype`) a client may send that change nothing the relay decides on:
 * they ask (status, usage, settings, files, models), steer the turn (interrupt, stop or background
 * a task, rewind files), or act on what is already configured (an MCP server the relay allowed:
 * reconnect, toggle, call a tool, read a resource; the operator's own skills and output styles).
 * From Claude Code 2.1.332's control types (the official SDK's `sdk.d.ts`, 0.3.332) and the
 * protocol captures. `set_mcp_permission_mode_override` can only tighten a server's mode.
 *
 * A subtype here passes as it is; the ones that change what the CLI may do are screened
 * (`screen-control-request.ts`); any other subtype, including every one a newer CLI adds, is
 * refused unless the operator lists it in `allowedControlSubtypes`.
 */
export const PASSING_CONTROL_SUBTYPES: readonly string[] = [
  'interrupt',
  'mcp_status',
  'get_context_usage',
  'get_session_cost',
  'list_models',
  'get_usage',
  'get_binary_version',
  'rename_session',
  'set_color',
  'mcp_call',
  'file_suggestions',
  'cancel_async_message',
  'read_file',
  'seed_read_state',
  'rewind_files',
  'mcp_reconnect',
  'mcp_toggle',
  'mcp_read_resource',
  'set_mcp_permission_mode_override',
  'set_has_subscribers',
  'stop_task',
  'background_tasks',
  'get_task_output',
  'get_settings',
  'get_hooks_listing',
  'list_permission_rules',
  'reload_skills',
  'reload_output_styles',
];
