/**
 * schema.prisma and the hand-written migrations must describe the same database: the client
 * generated from the one runs against tables made by the other.
 */
import { describe, expect, it } from 'vitest';
import { Prisma } from '../../generated/prisma/client.ts';
import { declaredFields, declaredUniques, openTemp } from './helpers.ts';

interface Column { name: string; notnull: number | bigint; pk: number | bigint }

describe('schema.prisma and the migrations agree', () => {
  const models = Object.values(Prisma.ModelName);

  it.each(models)('%s: same columns as the generated client, same nullability as the schema', async (model) => {
    const store = await openTemp();
    const columns = await store.prisma.$queryRawUnsafe<Column[]>(`PRAGMA table_info("${model}")`);
    const enumName = `${model}ScalarFieldEnum` as keyof typeof Prisma;
    const fields = Object.values(Prisma[enumName] as Record<string, string>);
    expect(columns.map((c) => c.name).sort()).toEqual([...fields].sort());
    const declared = declaredFields(model);
    expect([...declared.keys()].sort()).toEqual([...fields].sort());
    for (const c of columns) {
      if (Number(c.pk) > 0) continue;
      expect({ column: c.name, nullable: Number(c.notnull) === 0 }).toEqual({ column: c.name, nullable: declared.get(c.name) });
    }
  });

  it('every @@unique of the schema is a unique index in the database', async () => {
    const store = await openTemp();
    const expected = declaredUniques();
    const indexes = await store.prisma.$queryRawUnsafe<{ tbl_name: string; sql: string | null }[]>(`SELECT tbl_name, sql FROM sqlite_master WHERE type = 'index'`);
    const actual = indexes.filter((i) => i.sql?.startsWith('CREATE UNIQUE INDEX') && !i.sql.includes(' WHERE '))
      .map((i) => `${i.tbl_name}(${/\(([^)]*)\)\s*$/.exec(i.sql!)![1]!.replaceAll('"', '').replaceAll(' ', '')})`);
    expect(actual.sort()).toEqual(expected.sort());
  });
});
