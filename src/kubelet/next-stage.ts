/**
 * next-stage: the engine over the container stages (stages.ts). Every stage whose selector
 * matches the container is asked its delay; the earliest fires, the first in table order on
 * a tie, as kwok picks among the stages that match an object.
 */
import type { ContainerSlot, SyncEnv, Transition } from './container-sync';
import { type ContainerStage, type StageInput, stageInput } from './stage';
import { CONTAINER_STAGES } from './stages';

/** StageDue is a stage that matched a container, when it fires, and the view it was chosen on. */
export interface StageDue { stage: ContainerStage; at: number; input: StageInput }

/** dueStage is the container's earliest matching stage, if any can fire. */
export function dueStage(env: SyncEnv, slot: ContainerSlot, stages: readonly ContainerStage[] = CONTAINER_STAGES): StageDue | undefined {
  const input = stageInput(env, slot);
  let best: StageDue | undefined;
  for (const stage of stages) {
    if (!stage.selector(input)) continue;
    const d = stage.delay(input);
    if (!d) continue;
    const at = d.from + d.ms;
    if (!best || at < best.at) best = { stage, at, input };
  }
  return best;
}

/** nextTransition is the container's earliest pending transition, if any. */
export function nextTransition(env: SyncEnv, slot: ContainerSlot): Transition | undefined {
  const due = dueStage(env, slot);
  if (!due) return undefined;
  // next sees the view the stage was chosen on, as the instance it was computed for (its process model, probe runs).
  return { at: due.at, apply: () => due.stage.next(due.input, due.at) };
}
