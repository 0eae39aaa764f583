/**
 * create-generators: `kubectl create <kind> NAME …` subcommands, each a generator from
 * src/cli/generators plus the shared write path (dry-run, -o, server errors).
 */
import type { Command } from '../command';

/** GENERATOR_COMMANDS maps `create` subcommand names to commands. */
export const GENERATOR_COMMANDS: Record<string, Command> = {};
