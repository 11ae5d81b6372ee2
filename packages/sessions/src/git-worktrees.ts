import { execFile } from 'node:child_process';

/**
 * The paths of every worktree of the git repository at `dir` (itself included), from
 * `git worktree list --porcelain`; `[]` outside a repository or without git. Hooks and fsmonitor
 * are switched off, as the official SDK does, so listing runs no repository code.
 */
export function gitWorktrees(dir: string): Promise<string[]> {
  return new Promise((resolve) => {
    execFile(
      'git',
      ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=', 'worktree', 'list', '--porcelain'],
      { cwd: dir, timeout: 5000, windowsHide: true },
      (error, stdout) => {
        if (error || !stdout) return resolve([]);
        const paths = stdout
          .split('\n')
          .filter((line) => line.startsWith('worktree '))
          .map((line) => line.slice('worktree '.length));
        resolve(process.platform === 'darwin' ? paths.map((p) => p.normalize('NFC')) : paths);
      },
    );
  });
}
