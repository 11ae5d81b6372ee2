/**
 * The operations every store adapter runs against its database, as its errors name them: the
 * session store's methods, then the approval store's (`approvals.*`), the run control store's
 * (`runs.*`) and the step store's (`steps.*`). An adapter adds its own (`migrate`, `connect`, ...).
 */
export type StoreOperation =
  | 'append'
  | 'load'
  | 'listSessions'
  | 'listSessionSummaries'
  | 'delete'
  | 'listSubkeys'
  | 'approvals.now'
  | 'approvals.create'
  | 'approvals.get'
  | 'approvals.replace'
  | 'approvals.list'
  | 'approvals.deleteEndedBefore'
  | 'runs.now'
  | 'runs.get'
  | 'runs.create'
  | 'runs.replace'
  | 'runs.recordSpend'
  | 'runs.runSpend'
  | 'runs.tenantSpend'
  | 'steps.now'
  | 'steps.get'
  | 'steps.create'
  | 'steps.replace'
  | 'steps.list';
