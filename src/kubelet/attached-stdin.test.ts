import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { ATTACHED_STDIN_ANNOTATION, attachedStdinOf, withAttachedStdin } from './attached-stdin';

const pod = (annotations?: Record<string, string>): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', annotations } });

describe('attached stdin', () => {
  it('is kept per container and read back for the instance it was sent to only', () => {
    const sent = { containerID: 'containerd://a', atMs: 1000, text: 'echo hi\n' };
    const p = pod(withAttachedStdin(pod({ keep: 'me' }), 'c', sent));
    expect(p.metadata.annotations?.keep).toBe('me');
    expect(attachedStdinOf(p, 'c', 'containerd://a')).toEqual(sent);
    expect(attachedStdinOf(p, 'c', 'containerd://b')).toBeUndefined();
    expect(attachedStdinOf(p, 'other', 'containerd://a')).toBeUndefined();
  });
  it('an unreadable annotation sent nothing', () => {
    expect(attachedStdinOf(pod({ [ATTACHED_STDIN_ANNOTATION]: '{oops' }), 'c', 'containerd://a')).toBeUndefined();
  });
});
