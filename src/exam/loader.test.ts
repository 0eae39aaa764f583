import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../exercise/catalog';
import { ExamFileError, examNames, loadExam, parseExam } from './loader';

const catalog = loadCatalog();
const exam = (questions: string, extra = '') =>
  `name: t\ntitle: T\nduration: 60m\npassMark: 66\ncontexts: [k8s-c1]\n${extra}questions:\n${questions}`;

describe('exam loader', () => {
  it('loads the bundled cka-mock: six questions on k8s-c1 and k8s-c2, 100 points, two hours', () => {
    expect(examNames()).toContain('cka-mock');
    const e = loadExam('cka-mock', catalog);
    expect(e.contexts).toEqual(['k8s-c1', 'k8s-c2']);
    expect(e.questions).toHaveLength(6);
    expect(e.questions.reduce((n, q) => n + q.weight, 0)).toBe(100);
    expect(e.durationMs).toBe(120 * 60_000);
  });

  it('a question without a weight takes its exercise\'s', () => {
    const e = parseExam(exam('  - {exercise: static-pod, context: k8s-c1}\n'), 'exams/t.yaml', catalog);
    expect(e.questions[0]!.weight).toBe(catalog.find((x) => x.name === 'static-pod')!.weight);
  });

  it.each([
    ['an unknown exercise', exam('  - {exercise: nope, context: k8s-c1}\n'), 'exams/t.yaml: questions[0].exercise: no bundled exercise "nope"'],
    ['a context the exam does not list', exam('  - {exercise: static-pod, context: k8s-c9}\n'), 'exams/t.yaml: questions[0].context: must be one of the exam\'s contexts (k8s-c1)'],
    ['a bad duration', exam('  - {exercise: static-pod, context: k8s-c1}\n').replace('60m', 'soon'), 'exams/t.yaml: duration: time: invalid duration "soon"'],
  ])('refuses %s in one line', (_, text, message) => {
    expect(() => parseExam(text, 'exams/t.yaml', catalog)).toThrow(new ExamFileError(message));
  });

  it('an unknown exam names the bundled ones', () => {
    expect(() => loadExam('ckx', catalog)).toThrow('unknown exam "ckx" (bundled: cka-mock)');
  });
});
