import { describe, expect, it } from 'vitest';
import { basename, dirname } from './shell-path-names';

// As coreutils printed them.
describe('basename and dirname', () => {
  it('take a path apart', () => {
    expect([basename('/a/b/c.txt', '.txt'), basename('/a/b/'), basename('/'), basename('c'), basename('.txt', '.txt'), basename('')]).toEqual(['c', 'b', '/', 'c', '.txt', '']);
    expect([dirname('/a/b/c'), dirname('c'), dirname('/'), dirname('/a'), dirname('a/b/'), dirname('//a//b//')]).toEqual(['/a/b', '.', '/', '/', 'a', '//a']);
  });
});
