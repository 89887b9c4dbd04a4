import {
  CALLER_HEADS,
  CALLERS,
  classOf,
  describeExpectation,
  matches,
  type CallerName,
  type Expectation,
  type Expectations,
} from './callers.ts';
import type { MatrixRequest, World } from './world.ts';

/** One way of calling a route: the target it aims at, the request, and every caller's expected answer. */
export type MatrixCase = {
  /** What the request aims at, as the table prints it ("the user's document"). */
  target: string;
  /** Built for each cell, so a cell can have a fresh target (a new reset code, a new cart line…). */
  request: (world: World, caller: CallerName) => MatrixRequest | Promise<MatrixRequest>;
  expect: Expectations;
  /** After each cell: put back what the cell changed that later cells rely on (a caller's ended session). */
  after?: (world: World, caller: CallerName) => Promise<void>;
};

/** Route ("METHOD /url/:param", as Fastify registered it) → its cases. */
export type Matrix = Record<string, readonly MatrixCase[]>;

export type Cell = {
  route: string;
  target: string;
  caller: CallerName;
  expected: Expectation;
  status: number;
  errorCode: string | null;
  leaks: string[];
  body: string;
};

function errorCodeOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown } };
    return typeof parsed.error?.code === 'string' ? parsed.error.code : null;
  } catch {
    return null;
  }
}

/** Runs every cell of the matrix in order (routes as listed, callers as CALLERS); answers every cell. */
export async function runMatrix(world: World, matrix: Matrix, registered: ReadonlySet<string>): Promise<Cell[]> {
  const cells: Cell[] = [];
  for (const [route, cases] of Object.entries(matrix)) {
    // An entry for a route that is gone is reported by its own test, not as a column of 404s.
    if (!registered.has(route)) continue;
    const [method, url] = route.split(' ') as [string, string];
    for (const matrixCase of cases) {
      for (const caller of CALLERS) {
        const request = await matrixCase.request(world, caller);
        if (request.method !== method || request.url.split('?')[0]?.split('/').length !== url.split('/').length) {
          throw new Error(
            `${route} (${matrixCase.target}): the request ${request.method} ${request.url} is not this route`,
          );
        }
        const response = await world.send(caller, request);
        const body = response.body;
        const leaks = world
          .secrets()
          .filter((secret) => secret.value !== '' && !secret.seenBy.includes(caller) && body.includes(secret.value))
          .map((secret) => secret.name);
        cells.push({
          route,
          target: matrixCase.target,
          caller,
          expected: matrixCase.expect[caller],
          status: response.statusCode,
          errorCode: errorCodeOf(body),
          leaks,
          body,
        });
        await matrixCase.after?.(world, caller);
      }
      // Jobs the cells queued are never run: a later fixture step must not run them by accident.
      world.skipJobs();
    }
  }
  return cells;
}

export function isMismatch(cell: Cell): boolean {
  return !matches(cell.expected, cell.status, cell.errorCode) || cell.leaks.length > 0;
}

function got(cell: Cell): string {
  const code = cell.errorCode === null || classOf(cell.status) === 'ok' ? '' : ` ${cell.errorCode}`;
  return `${String(cell.status)}${code}${cell.leaks.length > 0 ? ` LEAK(${cell.leaks.join(', ')})` : ''}`;
}

/**
 * The mismatches at once: a grid (route and target × caller; "·" as expected, else "got≠expected"), then
 * each mismatch with the start of its answer.
 */
export function formatMismatches(cells: readonly Cell[]): string {
  const wrong = cells.filter(isMismatch);
  if (wrong.length === 0) return '';
  const rows = new Map<string, Map<CallerName, Cell>>();
  for (const cell of wrong) {
    const key = `${cell.route} [${cell.target}]`;
    const row = rows.get(key) ?? new Map<CallerName, Cell>();
    row.set(cell.caller, cell);
    rows.set(key, row);
  }
  const width = Math.max(...[...rows.keys()].map((key) => key.length));
  const columns = CALLERS.map((caller) => CALLER_HEADS[caller].padEnd(6)).join(' ');
  const lines = [
    `${String(wrong.length)} of ${String(cells.length)} cells differ from the expected answer (got≠expected):`,
    '',
    `${''.padEnd(width)}  ${columns}`,
  ];
  for (const [key, row] of rows) {
    const marks = CALLERS.map((caller) => {
      const cell = row.get(caller);
      return (cell === undefined ? '·' : `${String(cell.status)}≠${describeExpectation(cell.expected)}`).padEnd(6);
    });
    lines.push(`${key.padEnd(width)}  ${marks.join(' ')}`);
  }
  lines.push('', 'Details:');
  for (const cell of wrong) {
    lines.push(
      `  ${cell.route} [${cell.target}] as ${cell.caller}: expected ${describeExpectation(cell.expected)}, got ${got(cell)}` +
        ` — ${cell.body.replace(/\s+/g, ' ').slice(0, 160)}`,
    );
  }
  return lines.join('\n');
}
