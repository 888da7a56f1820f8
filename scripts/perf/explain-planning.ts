/**
 * How long PostgreSQL plans a cold list page against how long it runs it (issue 26), for the shapes
 * bench:api measures cold (the first page, the search, the area range sorted by area, the offices'
 * rent range by update): each page statement PREPAREd and EXPLAIN ANALYZEd 60 times with its values
 * (force_custom_plan), medians of the planning and execution times and the plan's scan nodes. Over
 * the bench's 100,000 properties, `analyze`d.
 *
 *   bash scripts/with-postgres.sh npx tsx scripts/perf/explain-planning.ts
 *     GENERIC=1   also each statement's generic plan, run 5 times (is one plan right for every value?)
 *     BARE=1      also the statement's text with its values written in, planned with its columns and
 *                 with the id alone (what the columns' subqueries add to planning)
 *     TARGETS=10,1  then again after each statistics target for search_text (ALTER TABLE … SET
 *                 STATISTICS, then ANALYZE): does a smaller target change the search's plan or its cost?
 *     SQL=1       print each statement and its parameters
 */
import type { PropertyListView } from '@domain/property-list-query';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { refinementOf } from '../../server/handlers/properties.handlers';
import { listQueryOf } from '../../server/properties/property.service';
import { propertyPageQueries } from '../../server/repositories/property-list.repository';
import { openSeededDatabase } from './lib/bench-database';
import { LIST_TOOL_LISTS, SEARCH_TERM } from './lib/sql-bench';

const count = Number(process.env.COUNT ?? 100000);
const seeded = await openSeededDatabase({ databaseUrl: process.env.DATABASE_URL, count });
const { db } = seeded.database;
await db.execute(sql`analyze`);
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const NOW = new Date();
const viewOf = (search: string) => {
  const view: Record<string, string | number> = {};
  for (const [k, v] of new URLSearchParams(search)) view[k] = /(Min|Max)$/.test(k) ? Number(v) : v;
  return view;
};
const SHAPES: [string, Record<string, unknown>, string | undefined][] = [
  ['list, first page', {}, undefined],
  [`list, search "${SEARCH_TERM}"`, {}, SEARCH_TERM],
  ...LIST_TOOL_LISTS.filter((list) => /area \d|rent/.test(list.name)).map(
    (list): [string, Record<string, unknown>, undefined] => [list.name, viewOf(list.search), undefined],
  ),
];
const lit = (v: unknown) =>
  v === null ? 'null' : client.escapeLiteral(v instanceof Date ? v.toISOString() : String(v));
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
let n = 0;
async function measure(text: string, params: unknown[], mode: string, runs = 60) {
  n += 1;
  await client.query(`set plan_cache_mode = ${mode}`);
  await client.query(`prepare s${n} as ${text}`);
  const args = params.length ? `(${params.map(lit).join(', ')})` : '';
  const plans: number[] = [];
  const execs: number[] = [];
  let nodes = '';
  for (let i = 0; i < runs; i++) {
    const r = await client.query(`explain (analyze, costs off, timing off, summary on) execute s${n}${args}`);
    const lines: string[] = r.rows.map((x: Record<string, string>) => x['QUERY PLAN'] ?? '');
    const all = lines.join('\n');
    plans.push(Number(/Planning Time: ([\d.]+)/.exec(all)?.[1] ?? 0));
    execs.push(Number(/Execution Time: ([\d.]+)/.exec(all)?.[1]));
    nodes = lines
      .filter(
        (l) =>
          /Scan|Sort|Limit|Append|Bitmap/.test(l) &&
          !/revisions|share_link|cover|engaged|order_eng|share_opens|property_files/.test(l),
      )
      .slice(0, 5)
      .map((l) => l.trim())
      .join(' | ');
  }
  return { plan: med(plans), exec: med(execs), nodes };
}
/** The same statement with literals, planned fresh each time (EXPLAIN of text). */
async function literal(text: string, params: unknown[], runs = 60) {
  let t = text;
  for (let i = params.length; i >= 1; i--) t = t.split(`$${i}`).join(lit(params[i - 1]));
  const plans: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await client.query(`explain (summary on, costs off) ${t}`);
    const all = r.rows.map((x: Record<string, string>) => x['QUERY PLAN'] ?? '').join('\n');
    plans.push(Number(/Planning Time: ([\d.]+)/.exec(all)?.[1] ?? 0));
  }
  return med(plans);
}
const round = (ms: number) => Math.round(ms * 1000) / 1000;

/** The statement once per subquery in its columns (before FROM), that one written as (null). */
function withoutEachSubquery(text: string): string[] {
  // The subqueries read other tables: the first FROM of properties is the statement's own.
  const columnsEnd = text.indexOf(' from "properties" where');
  const variants: string[] = [];
  for (let at = text.indexOf('('); at !== -1 && at < columnsEnd; at = text.indexOf('(', at + 1)) {
    if (!/^\(\s*select\b/.test(text.slice(at))) continue;
    let depth = 0;
    let end = at;
    for (; end < text.length; end++) {
      if (text[end] === '(') depth += 1;
      if (text[end] === ')') depth -= 1;
      if (depth === 0) break;
    }
    variants.push(`${text.slice(0, at)}(null)${text.slice(end + 1)}`);
  }
  return variants;
}

async function report(tag: string) {
  for (const [name, view, search] of SHAPES) {
    const query = listQueryOf(seeded.userId, { ...refinementOf(view as PropertyListView), search }, NOW);
    const parts = propertyPageQueries(db, query, { limit: 21, offset: 0 }, { withRevision: true });
    for (const [i, part] of parts.entries()) {
      const q = part.toSQL();
      const c = await measure(q.sql, q.params, 'force_custom_plan');
      const line = [`${tag} ${name} part ${i + 1}: custom plan ${c.plan} exec ${c.exec}  ${c.nodes}`];
      if (process.env.GENERIC) {
        const g = await measure(q.sql, q.params, 'force_generic_plan', 5);
        line.push(`   generic exec ${g.exec}  ${g.nodes}`);
      }
      if (process.env.BARE) {
        const full = await literal(q.sql, q.params);
        const bare = q.sql.replace(
          /^select .* from "properties" where/s,
          'select "id" from "properties" where',
        );
        const b = await literal(bare, q.params);
        line.push(`   literal plan full ${full}, id only ${b}`);
        const each: string[] = [];
        for (const [index, without] of withoutEachSubquery(q.sql).entries()) {
          each.push(`${index + 1}: ${round(full - (await literal(without, q.params)))}`);
        }
        line.push(
          `   planning each column subquery adds (literal plan full minus without it): ${each.join(', ')}`,
        );
      }
      if (process.env.SQL) line.push(q.sql, JSON.stringify(q.params));
      console.log(line.join('\n'));
    }
  }
}
await report('base');
const stats = await client.query(
  `select attname, array_length(most_common_vals::text::text[],1) mcv, array_length(histogram_bounds::text::text[],1) hist, avg_width from pg_stats where tablename='properties' and attname in ('search_text','total_area','asking_rent_per_sqm','property_kind')`,
);
console.log(JSON.stringify(stats.rows));
for (const target of (process.env.TARGETS ?? '').split(',').filter(Boolean)) {
  await client.query(`alter table properties alter column search_text set statistics ${target}`);
  await client.query('analyze properties');
  await report(`search_text statistics ${target}`);
}
await client.end();
await seeded.dispose();
