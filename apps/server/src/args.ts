/** `command --name value --name=value --flag`: the CLI's arguments; `switches` take no value. */
export function parseArgs(argv: string[], switches: readonly string[] = []): { command?: string; flags: Map<string, string> } {
  const [command, ...rest] = argv;
  const flags = new Map<string, string>();
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index]!;
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument ${arg}`);
    const eq = arg.indexOf('=');
    if (eq > 0) flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (switches.includes(arg.slice(2))) flags.set(arg.slice(2), 'true');
    else {
      const value = rest[index + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
      flags.set(arg.slice(2), value);
      index++;
    }
  }
  return command === undefined ? { flags } : { command, flags };
}
