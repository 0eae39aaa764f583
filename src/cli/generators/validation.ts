/**
 * validation: the apimachinery name validators the generators apply client-side, as kubectl's
 * vendored pkg/util/validation words them: src/api's rules, and the yes/no form the
 * Service generator asks.
 */
import { isDNS1123Subdomain as dns1123SubdomainErrors } from '../../api/labels';

export { isConfigMapKey, isEnvVarName, isValidPortName, isValidPortNum } from '../../api/name-rules';

/** isDNS1123Subdomain reports whether value is a lower-case RFC 1123 subdomain of at most 253 characters. */
export const isDNS1123Subdomain = (value: string): boolean => dns1123SubdomainErrors(value).length === 0;
