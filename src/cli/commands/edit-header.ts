/**
 * edit-header: the comment block kubectl edit puts above the object it opens.
 */

/** EDIT_HEADER is kubectl's edit instructions, verbatim. */
export const EDIT_HEADER = `# Please edit the object below. Lines beginning with a '#' will be ignored,
# and an empty file will abort the edit. If an error occurs while saving this file will be
# reopened with the relevant failures.
#
`;
