#!/usr/bin/env node
// The command is built into dist/; this file is in the repository, so that pnpm can link the bin before the
// first build (a bin pointing into dist/ fails to link on a fresh clone).
import '../dist/link-url-cli.js';
