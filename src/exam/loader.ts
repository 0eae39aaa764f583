/**
 * loader: the bundled exams, `exams/<name>.yaml` beside the package (found as the bundled
 * exercises are, walking up from this module), validated against the exercise catalog so a
 * question never names an exercise or context that does not exist. A mistake is one line
 * `file: field: problem`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { load } from 'js-yaml';
import { DurationError, parseDuration } from '../api/duration';
import { checkClusterName } from '../cluster/home';
import type { Exercise } from '../exercise/model';
import type { Exam, Question } from './model';

/** EXAMS_DIR is the bundled exams' folder name at the package root. */
export const EXAMS_DIR = 'exams';

/** ExamFileError is an exam that cannot be used (or does not exist); the message is the line to print. */
export class ExamFileError extends Error { override readonly name = 'ExamFileError'; }

/** examsDir finds the bundled exams' folder, walking up from this module. */
export function examsDir(from: string = __dirname): string {
  for (let dir = from, i = 0; i < 5; i++, dir = path.dirname(dir)) {
    const candidate = path.join(dir, EXAMS_DIR);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`the bundled exams were not found above ${from}`);
}

/** examNames lists the bundled exams. */
export function examNames(dir: string = examsDir()): string[] {
  return fs.readdirSync(dir).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -5)).sort();
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** parseExam validates an exam's text against the exercise catalog. */
export function parseExam(text: string, file: string, catalog: readonly Exercise[]): Exam {
  const fail = (field: string, problem: string): never => { throw new ExamFileError(`${file}: ${field}: ${problem}`); };
  let doc: unknown;
  try { doc = load(text); } catch (e) { fail('yaml', (e as Error).message.split('\n')[0]!); }
  if (!isObj(doc)) return fail('', 'must be a mapping');
  const str = (k: string): string => (typeof doc[k] === 'string' && doc[k] ? doc[k] as string : fail(k, 'must be a non-empty string'));
  const name = str('name');
  const title = str('title');
  let durationMs = 0;
  try { durationMs = parseDuration(str('duration')); } catch (e) { if (e instanceof DurationError) fail('duration', e.message); throw e; }
  if (durationMs <= 0) fail('duration', 'must be positive');
  const passMark = doc.passMark;
  if (typeof passMark !== 'number' || passMark <= 0 || passMark > 100) fail('passMark', 'must be a percentage (1-100)');
  const contexts = doc.contexts;
  if (!Array.isArray(contexts) || !contexts.length) return fail('contexts', 'must list the clusters the exam runs on');
  contexts.forEach((c, i) => { try { checkClusterName(String(c)); } catch (e) { fail(`contexts[${i}]`, (e as Error).message); } });
  if (!Array.isArray(doc.questions) || !doc.questions.length) return fail('questions', 'must list the questions');
  const questions = doc.questions.map((q: unknown, i: number): Question => {
    const at = `questions[${i}]`;
    if (!isObj(q)) return fail(at, 'must be a mapping');
    const ex = catalog.find((e) => e.name === q.exercise);
    if (!ex) return fail(`${at}.exercise`, `no bundled exercise "${String(q.exercise)}"`);
    if (!contexts.includes(q.context)) return fail(`${at}.context`, `must be one of the exam's contexts (${contexts.join(', ')})`);
    const weight = q.weight ?? ex.weight;
    if (typeof weight !== 'number' || weight <= 0) return fail(`${at}.weight`, 'must be a positive number');
    return { exercise: ex.name, context: String(q.context), weight };
  });
  return { name, title, durationMs, passMark: passMark as number, contexts: contexts.map(String), questions, file };
}

/** loadExam loads a bundled exam by name. */
export function loadExam(name: string, catalog: readonly Exercise[], dir: string = examsDir()): Exam {
  const names = examNames(dir);
  if (!names.includes(name)) throw new ExamFileError(`unknown exam "${name}" (bundled: ${names.join(', ')})`);
  const shown = path.join(EXAMS_DIR, `${name}.yaml`);
  const exam = parseExam(fs.readFileSync(path.join(dir, `${name}.yaml`), 'utf8'), shown, catalog);
  if (exam.name !== name) throw new ExamFileError(`${shown}: name: "${exam.name}" does not match the file name`);
  return exam;
}
