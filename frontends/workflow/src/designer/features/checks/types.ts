/** The shapes of bpmnlint's rule API this folder uses. */
import type { El } from './model';

export interface Reporter {
  report(id: string, message: string, context?: { path?: string[]; [key: string]: unknown }): void;
}

export interface RuleDefinition {
  check: (node: El, reporter: Reporter) => void;
}

export type RuleFactory = (config?: unknown) => RuleDefinition;
