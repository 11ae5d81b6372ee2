#!/usr/bin/env node
// A committed launcher, so pnpm can link the bin before the first build; the command is src/bin/hexagent-relay.ts.
import '../dist/bin/hexagent-relay.js';
