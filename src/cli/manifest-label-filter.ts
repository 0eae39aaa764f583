/**
 * manifest-label-filter: -l over the documents read from -f/-k, as kubectl's builder filters
 * them (FilterByLabelSelector) for apply and diff: a document is kept when its labels match.
 */
import { goQuote } from '../api/go-quote';
import { parseSelector, type Selector } from '../api/labels';
import { CliError } from './errors';
import type { SourcedDoc } from './manifests';

/**
 * labelsMatch is the builder's label filter over the documents read (-l): a selector kubectl
 * cannot parse is its "not valid" error.
 */
export function labelsMatch(text: string): (doc: SourcedDoc) => boolean {
  let selector: Selector;
  try {
    selector = parseSelector(text);
  } catch (e) {
    throw new CliError(`the provided selector ${goQuote(text)} is not valid: ${(e as Error).message}`);
  }
  return (doc) => {
    const labels = (doc.object as { metadata?: { labels?: unknown } } | null)?.metadata?.labels;
    return selector.matches(labels && typeof labels === 'object' ? labels as Record<string, string> : undefined);
  };
}
