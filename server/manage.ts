// `npm run manage -- <command>`: see server/cli.ts for the commands.
import { runManage } from './cli.ts';

process.exitCode = await runManage(
  process.argv.slice(2),
  { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) },
  process.env,
);
