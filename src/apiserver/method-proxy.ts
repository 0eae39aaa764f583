/**
 * method-proxy: an API object seen through a Proxy that wraps some of its methods (the APIs a
 * component reconciles with: its reads' view, its writes' user).
 */

/**
 * methodProxy is target with each method wrapped by around (undefined: the method bound as it
 * is). Each is made once per method, not per call (components call the API in hot loops), and
 * again if the method is replaced (a test's spy).
 */
export function methodProxy<T extends object>(target: T, around: (name: string | symbol, method: (...args: unknown[]) => unknown) => ((...args: unknown[]) => unknown) | undefined): T {
  const made = new Map<PropertyKey, { method: unknown; fn: unknown }>();
  return new Proxy(target, {
    get(t, prop, receiver) {
      const method = Reflect.get(t, prop, receiver);
      if (typeof method !== 'function') return method;
      const cached = made.get(prop);
      if (cached !== undefined && cached.method === method) return cached.fn;
      const fn = around(prop, method as (...args: unknown[]) => unknown) ?? method.bind(t);
      made.set(prop, { method, fn });
      return fn;
    },
  });
}
