/**
 * default-ingress-class: the DefaultIngressClass admission plugin — a new Ingress that names
 * no class (neither spec.ingressClassName nor the legacy kubernetes.io/ingress.class
 * annotation) gets the default IngressClass's name.
 * Mirrors plugin/pkg/admission/network/defaultingressclass/admission.go (v1.32): with several
 * default classes the newest wins, ties broken by name.
 */
import type { KubeObject } from '../../api/meta';

/** IS_DEFAULT_INGRESS_CLASS is the annotation that marks an IngressClass as the default. */
export const IS_DEFAULT_INGRESS_CLASS = 'ingressclass.kubernetes.io/is-default-class';
/** LEGACY_INGRESS_CLASS is the pre-v1 annotation that names an Ingress's class. */
export const LEGACY_INGRESS_CLASS = 'kubernetes.io/ingress.class';

/** defaultIngressClass is the class new Ingresses default to, if any is marked default. */
export function defaultIngressClass(classes: readonly KubeObject[]): KubeObject | undefined {
  const defaults = classes.filter((c) => c.metadata.annotations?.[IS_DEFAULT_INGRESS_CLASS] === 'true');
  defaults.sort((a, b) => {
    const ta = Date.parse(a.metadata.creationTimestamp ?? '') || 0;
    const tb = Date.parse(b.metadata.creationTimestamp ?? '') || 0;
    return ta === tb ? (a.metadata.name! < b.metadata.name! ? -1 : 1) : tb - ta;
  });
  return defaults[0];
}

/** admitDefaultIngressClass fills spec.ingressClassName of a new Ingress that names no class. */
export function admitDefaultIngressClass(ingress: KubeObject, classes: readonly KubeObject[]): void {
  if (ingress.kind !== 'Ingress' || ingress.spec?.ingressClassName != null) return;
  if (ingress.metadata.annotations && LEGACY_INGRESS_CLASS in ingress.metadata.annotations) return;
  const cls = defaultIngressClass(classes);
  if (cls) ingress.spec = { ...ingress.spec, ingressClassName: cls.metadata.name };
}
