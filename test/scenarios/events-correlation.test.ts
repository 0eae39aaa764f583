import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

// client-go's EventCorrelator, as every component runs it before sending an Event: similar
// Events past nine distinct messages are combined, and a source sends at most 25 about an
// object at once, then one every five minutes, counting the ones it held back.
describe('Events through the recorder\'s correlator', () => {
  const home = manualCluster('corr', 7);
  afterAll(() => home.cleanup());

  it('shows a 30-replica ReplicaSet\'s creations as nine Events and a combined one counted to 16', () => {
    expect(home.run('create deployment web --image=nginx --replicas=30').code).toBe(0);
    const events = home.run('describe rs web-7957885594').stdout.split('Events:\n')[1];
    expect(events).toBe([
      '  Type    Reason            Age               From                   Message',
      '  ----    ------            ----              ----                   -------',
      ...['kd24f', 'kkwp6', '8sx6s', 'w5xj7', 'cfsc8', 'hc7lk', 'jsbxd', 'xkr4q', 'mchwl']
        .map((p) => `  Normal  SuccessfulCreate  0s                replicaset-controller  Created pod: web-7957885594-${p}`),
      '  Normal  SuccessfulCreate  0s (x16 over 0s)  replicaset-controller  (combined from similar events): Created pod: web-7957885594-l29vg',
      '',
    ].join('\n'));
  });

  it('remembers across commands what it held back, and sends the next one when the bucket refills', () => {
    // Same instant, bucket empty: 30 more creations, none sent.
    expect(home.run('scale deploy web --replicas=60').code).toBe(0);
    expect(home.run('get events --field-selector involvedObject.kind=ReplicaSet --no-headers').stdout.split('\n').at(-2))
      .toBe('0s    Normal   SuccessfulCreate   replicaset/web-7957885594   (combined from similar events): Created pod: web-7957885594-l29vg');
    home.run('tick 4m');
    home.run('scale deploy web --replicas=61');
    expect(home.run('events --for rs/web-7957885594').stdout.split('\n').at(-2)).toMatch(/^4m \(x16 over 4m\) +Normal +SuccessfulCreate/);
    // Five minutes after the burst one token is back: 16 sent, 36 held back, this one.
    home.run('tick 1m');
    home.run('scale deploy web --replicas=62');
    expect(home.run('events --for rs/web-7957885594').stdout.split('\n').at(-2))
      .toMatch(/^0s \(x53 over 5m\) +Normal +SuccessfulCreate +ReplicaSet\/web-7957885594 +\(combined from similar events\): Created pod: web-7957885594-[a-z0-9]{5}$/);
  });
});
