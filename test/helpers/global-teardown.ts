/** global-teardown: what a whole test run leaves behind goes when the run ends. */
import { removeRunDir } from './build-once';

export default function setup(): () => void {
  return removeRunDir;
}
