/**
 * Something the relay's operator must know of, given to `RelayConfig.onEvent` (the bin writes each
 * on stderr): a CLI's process tree the relay could not empty (in `'proc'` tracking, a process
 * that keeps forking new ones faster than the relay finds them), with the processes left.
 */
export interface RelayEvent {
  type: 'containment_failed';
  /** The CLI's pid (the leader of its process group). */
  cliPid: number;
  /** The processes of its tree still running when the relay gave up. */
  left: number[];
  /** How the relay tracked the tree. */
  tracking: 'cgroup' | 'proc';
}
