#!/usr/bin/env node
/**
 * The `hexagent` command. `hexagent doctor [options]` checks what queries need on this machine with
 * your query options (the options themselves, the working directory, the environment, the Claude
 * Code CLI and its version, the config directory, authentication, libc, that the CLI starts, and
 * with `--check-api` the credentials against the API) and says how to fix what is wrong; it exits
 * with 1 when something would stop a query.
 */
import { runHexagentCommand } from '@hexagent/doctor';

process.exitCode = await runHexagentCommand(process.argv.slice(2));
