/**
 * priorityclass: `kubectl create priorityclass NAME` (kubectl pkg/cmd/create/create_priorityclass.go).
 */
import type { KubeObject } from '../../api/meta';
import type { PriorityClass } from '../../api/types/kinds';
import { objectMeta } from './go-order';

/** CreatePriorityClassOptions mirrors the command's flags. */
export interface CreatePriorityClassOptions {
  value?: number;
  globalDefault?: boolean;
  description?: string;
  /** preemptionPolicy is --preemption-policy; kubectl's default is PreemptLowerPriority. */
  preemptionPolicy?: string;
}

/** createPriorityClass builds the PriorityClass kubectl sends (fields in Go order, empty ones omitted). */
export function createPriorityClass(name: string, o: CreatePriorityClassOptions = {}): KubeObject {
  // Built field by field in Go order, so value is set after the literal.
  const pc: KubeObject & Partial<PriorityClass> = { kind: 'PriorityClass', apiVersion: 'scheduling.k8s.io/v1', metadata: objectMeta({ name }) };
  pc.value = o.value ?? 0;
  if (o.globalDefault) pc.globalDefault = true;
  if (o.description) pc.description = o.description;
  pc.preemptionPolicy = o.preemptionPolicy ?? 'PreemptLowerPriority';
  return pc;
}
