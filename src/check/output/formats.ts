/**
 * formats: the output formats by name (vitest's reporters map): each renders the same
 * CheckReport; adding one is a file and a line here.
 */
import type { ChalkInstance } from 'chalk';
import type { CheckReport } from '../model';
import { renderGithub } from './github';
import { renderJson } from './json';
import { renderJunit } from './junit';
import { renderSarif } from './sarif';
import { renderText } from './text';

/** Renderer turns a report into the bytes to write; colours are for text on a terminal. */
export type Renderer = (report: CheckReport, colors?: ChalkInstance) => string;

export const OUTPUT_FORMATS: Readonly<Record<string, Renderer>> = {
  text: renderText,
  json: renderJson,
  junit: renderJunit,
  github: renderGithub,
  sarif: renderSarif,
};

/** OUTPUT_NAMES for help and usage errors. */
export const OUTPUT_NAMES = Object.keys(OUTPUT_FORMATS);
