import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempHome, type TempHome } from '../helpers/run-cli';

// 32 bytes of 'k', base64: an aesgcm key.
const ENCRYPTION = `apiVersion: apiserver.config.k8s.io/v1
kind: EncryptionConfiguration
resources:
- resources: [secrets]
  providers:
  - aesgcm:
      keys:
      - name: key1
        secret: a2tra2tra2tra2tra2tra2tra2tra2tra2tra2tra2s=
  - identity: {}
`;

describe('two clusters created with one seed', () => {
  const homes: TempHome[] = [];
  afterAll(() => { for (const h of homes) h.cleanup(); });

  it('have the same service-account key, tokens and state file, encrypted Secrets included', () => {
    const outputs = [0, 1].map(() => {
      const home = tempHome();
      homes.push(home);
      const config = home.file('enc.yaml', ENCRYPTION);
      expect(home.run(`cluster create twin --clock manual --seed 11 --encryption-config ${config}`).code).toBe(0);
      expect(home.run('create secret generic s --from-literal=password=hunter2').code).toBe(0);
      const token = home.run('create token default');
      expect(token.code).toBe(0);
      return { token: token.stdout, state: fs.readFileSync(path.join(home.dir, 'clusters', 'twin', 'state.db')) };
    });
    expect(outputs[1]!.token).toBe(outputs[0]!.token);
    expect(outputs[1]!.state.equals(outputs[0]!.state)).toBe(true);
  });
});
