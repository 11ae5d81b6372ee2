import { describe, expect, it } from 'vitest';
import { projectKeyForPath } from './project-key.js';

describe('projectKeyForPath', () => {
  it('replaces every character but ASCII letters and digits with -', () => {
    expect(projectKeyForPath('/tmp/proj-g2VMJ4')).toBe('-tmp-proj-g2VMJ4');
    expect(projectKeyForPath('C:\\Users\\me\\app.v2')).toBe('C--Users-me-app-v2');
    expect(projectKeyForPath('/home/é')).toBe('-home--');
  });

  it('cuts a key longer than 200 characters and suffixes a stable hash', () => {
    const long = `/${'a'.repeat(300)}`;
    const key = projectKeyForPath(long);
    expect(key.slice(0, 200)).toBe(`-${'a'.repeat(199)}`);
    expect(key).toMatch(/^-a{199}-[0-9a-z]+$/);
    expect(projectKeyForPath(long)).toBe(key);
    expect(projectKeyForPath(`/${'a'.repeat(299)}b`)).not.toBe(key);
    expect(projectKeyForPath(`/${'a'.repeat(199)}`)).toBe(`-${'a'.repeat(199)}`);
  });
});
