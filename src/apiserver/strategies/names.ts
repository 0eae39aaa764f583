/**
 * names: the name and label rules strategies check (apimachinery pkg/util/validation), one
 * import point for them: the rules themselves are src/api/labels.ts's (DNS names, qualified
 * names, label values) and src/api/name-rules.ts's (keys, path segments, ports), which
 * kubectl's generators share.
 */
export { EMPTY_ERROR, isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, maxLenError, regexError, validateLabelKey, validateLabelValue } from '../../api/labels';
export { dotPathErrors, isConfigMapKey, isPathSegmentName, isValidPortName, PORT_NAME_LETTER_ERROR } from '../../api/name-rules';
