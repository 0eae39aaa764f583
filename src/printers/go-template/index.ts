/**
 * go-template: kubectl's -o go-template / go-template-file printer (Go text/template with
 * kubectl's exists and base64decode; no sprig in kubectl 1.32).
 */
export { compileGoTemplate, TemplateExecError } from './exec';
export { TemplateSyntaxError } from './lex';
