import { describe, expect, it } from 'vitest';
import { makeNode, makePod, scoreAll } from '../../testing';
import { calculatePriority, imageLocality, MIN_THRESHOLD } from '.';

const MB = 1024 * 1024;

// Cases after upstream image_locality_test.go (sizes 40/250/300/2000 MB).
describe('ImageLocality', () => {
  const node1 = makeNode('node1', { images: [{ names: ['gcr.io/40:latest', 'gcr.io/40:v1'], sizeBytes: 40 * MB }, { names: ['gcr.io/300:latest'], sizeBytes: 300 * MB }] });
  const node2 = makeNode('node2', { images: [{ names: ['gcr.io/250:latest'], sizeBytes: 250 * MB }, { names: ['gcr.io/10:v1'], sizeBytes: 10 * MB }] });
  const pod = (...images: string[]) => makePod('p', { containers: images.map((image, i) => ({ name: `c${i}`, image })) });
  it('two images spread on two nodes, prefer the larger image one', () => {
    // node1: 40MB * 1/2 = 20MB < 23MB → 0; node2: 250MB * 1/2 = 125MB → 100*(125-23)/(2000-23) = 5.
    expect(scoreAll(imageLocality, pod('gcr.io/40', 'gcr.io/250'), [node1, node2])).toEqual({ node1: 0, node2: 5 });
  });
  it('untagged images are normalized to :latest', () => {
    expect(scoreAll(imageLocality, pod('gcr.io/300'), [node1, node2])).toEqual({ node1: calculatePriority(150 * MB, 1), node2: 0 });
  });
  it('below the minimum threshold scores 0', () => {
    expect(calculatePriority(MIN_THRESHOLD - 1, 1)).toBe(0);
    expect(calculatePriority(1000 * MB, 1)).toBe(100);
  });
});
