import { describe, expect, it } from 'vitest';
import { isPriceField } from '../pricing';
import {
  createSchemaOf,
  defineResource,
  detailSchemaOf,
  filterSchemaOf,
  formIdOf,
  onceEach,
  listQuerySchemaOf,
  optionQuerySchema,
  priceFieldsOf,
  recordLabel,
  recordProblems,
  rowSchemaOf,
  updateSchemaOf,
} from './define';
import { choice, date, flag, integer, money, reference, text } from './field';
import {
  pickFormsOf,
  resourceByName,
  resourceByScreen,
  tableEditorResources,
  resourceDefinitions,
  unknownReferences,
} from './registry';

const widgets = defineResource({
  name: 'widgets',
  path: 'widgets',
  singular: 'Widget',
  plural: 'Widgets',
  screen: 'PumperMaintenance',
  labelField: 'name',
  numberField: 'code',
  fields: {
    code: text({ label: 'Code', max: 10 }),
    name: text({ label: 'Name', required: true, list: true }),
    price: money({ label: 'Price', price: true }),
    companyId: reference('truckCompanies', { label: 'Company' }),
    startDate: date({ label: 'Start' }),
    endDate: date({ label: 'End' }),
    seats: integer({ label: 'Seats' }),
    inactiveFlag: flag({ label: 'Inactive' }),
  },
  search: ['name', 'code'],
  filters: ['companyId', 'inactiveFlag', 'startDate', 'seats', 'code'],
  children: {
    rates: {
      label: 'Rates',
      fields: {
        rate: money({ label: 'Rate', price: true }),
        note: text({ label: 'Note' }),
        zone: text({ label: 'Zone', required: true }),
      },
    },
  },
  rules: [
    (record) =>
      typeof record.endDate === 'string' &&
      typeof record.startDate === 'string' &&
      record.endDate < record.startDate
        ? [{ field: 'endDate', reason: 'must not be before the start' }]
        : [],
  ],
});

describe('a resource definition', () => {
  it('takes its defaults: forms from its screen, sort by label, deactivating', () => {
    expect(widgets.forms).toEqual(['PumperMaintenance']);
    expect(widgets.sort).toEqual(['name']);
    expect(widgets.defaultSort).toBe('name');
    expect(widgets.deactivates).toBe(true);
    expect(widgets.givenId).toBe(false);
    expect(widgets.children.rates).toMatchObject({ single: false, section: 'rates' });
    expect(widgets.sections).toEqual([{ key: 'main', label: 'General' }]);
  });

  it('refuses unknown forms and fields when it is defined', () => {
    const base = {
      name: 'x',
      path: 'x',
      singular: 'X',
      plural: 'Xs',
      labelField: 'name',
      search: ['name'],
    };
    expect(() =>
      defineResource({ ...base, fields: { name: text({ label: 'Name' }) }, forms: ['Nope'] }),
    ).toThrow('x: unknown form Nope');
    expect(() => defineResource({ ...base, fields: {} })).toThrow('x: unknown field name');
  });

  it('makes a create schema with defaults, and a given id where ids are codes', () => {
    const created = createSchemaOf(widgets).parse({ name: ' Bolt ' });
    expect(created).toMatchObject({
      name: 'Bolt',
      code: '',
      price: null,
      inactiveFlag: false,
      rates: [],
    });
    const coded = defineResource({
      name: 'codes',
      path: 'codes',
      singular: 'Code',
      plural: 'Codes',
      givenId: true,
      admin: true,
      labelField: 'description',
      fields: { description: text({ label: 'Description', required: true }) },
      search: ['description'],
    });
    expect(createSchemaOf(coded).safeParse({ description: 'x' }).success).toBe(false);
    expect(createSchemaOf(coded).parse({ id: 0, description: 'x' }).id).toBe(0);
  });

  it('makes an update schema where what is left out stays unchanged, and the version is required', () => {
    const schema = updateSchemaOf(widgets);
    expect(schema.parse({ version: 3 })).toEqual({ version: 3 });
    expect(schema.safeParse({ name: 'x' }).error?.issues[0]?.path).toEqual(['version']);
    expect(
      (schema.parse({ version: 1, rates: [{ id: 4, rate: 2 }] }) as { rates?: unknown }).rates,
    ).toEqual([{ id: 4, rate: 2 }]);
  });

  it('answers rows whose prices may be missing, and details with their children', () => {
    const row = {
      id: 1,
      code: '',
      name: 'A',
      companyId: null,
      startDate: null,
      endDate: null,
      seats: null,
      inactiveFlag: false,
      version: 1,
      modifiedAt: 'now',
      modifiedBy: '',
      labels: {},
    };
    expect(rowSchemaOf(widgets).safeParse(row).success).toBe(true);
    expect(rowSchemaOf(widgets).safeParse({ ...row, price: 'x' }).success).toBe(false);
    expect(
      detailSchemaOf(widgets).safeParse({ ...row, rates: [{ id: 1, note: '', zone: 'N' }] })
        .success,
    ).toBe(true);
  });

  it('knows its price fields, its own and its children', () => {
    expect(priceFieldsOf(widgets)).toEqual(['price', 'rate']);
  });

  it('reads list queries with filters of each kind', () => {
    const query = listQuerySchemaOf(widgets).parse({
      companyId: '1,2',
      inactiveFlag: '1',
      startDate: '2026-01-01..2026-01-31',
      seats: '4',
      code: 'AB',
      limit: '20',
    });
    expect(query).toMatchObject({
      companyId: [1, 2],
      inactiveFlag: true,
      seats: 4,
      code: 'AB',
      limit: 20,
      sort: 'name',
      order: 'asc',
      offset: 0,
    });
    const refused = listQuerySchemaOf(widgets).safeParse({
      companyId: '1,x',
      limit: '501',
      sort: 'price',
    });
    expect(refused.error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
      'companyId',
      'limit',
      'sort',
    ]);
    expect(filterSchemaOf(widgets.fields.startDate!).safeParse('2026-01-01').success).toBe(true);
    expect(filterSchemaOf(widgets.fields.startDate!).safeParse('January').success).toBe(false);
    // A coded choice (a language) is filtered by its codes, a numbered one by its numbers.
    const language = choice(
      [
        { value: 'en', label: 'English' },
        { value: 'es', label: 'Español' },
      ],
      { label: 'Language', default: 'en' },
    );
    expect(filterSchemaOf(language).parse('es,en,es')).toEqual(['es', 'en']);
    expect(filterSchemaOf(language).safeParse('fr').error?.issues[0]?.message).toBe(
      'must be a comma-separated list of en, es',
    );
    const kind = choice([{ value: 1, label: 'One' }], { label: 'Kind' });
    expect(filterSchemaOf(kind).parse('1')).toEqual([1]);
    expect(optionQuerySchema.parse({ ids: '3,4' })).toMatchObject({ ids: [3, 4], limit: 30 });
    expect(optionQuerySchema.safeParse({ search: 'a\0' }).success).toBe(false);
  });

  it('labels a record by its number and name', () => {
    expect(recordLabel(widgets, { id: 1, code: 'B7', name: 'Bolt' })).toBe('B7 Bolt');
    expect(recordLabel(widgets, { id: 1, code: '', name: 'Bolt' })).toBe('Bolt');
    expect(recordLabel(widgets, { id: 9, code: '', name: '' })).toBe('#9');
  });

  it('runs its rules across fields', () => {
    expect(recordProblems(widgets, { startDate: '2026-02-01', endDate: '2026-01-01' })).toEqual([
      { field: 'endDate', reason: 'must not be before the start' },
    ]);
    expect(recordProblems(widgets, { startDate: '2026-02-01', endDate: null })).toEqual([]);
  });

  it('names a value repeated across child rows, at the repeat', () => {
    const rule = onceEach('levels', 'taxLevelId', 'tax level');
    expect(rule({ levels: [{ taxLevelId: 1 }, { taxLevelId: 2 }, { taxLevelId: null }] })).toEqual(
      [],
    );
    expect(rule({ levels: [{ taxLevelId: 1 }, { taxLevelId: 2 }, { taxLevelId: 1 }] })).toEqual([
      { field: 'levels.2.taxLevelId', reason: 'is already on row 1: list each tax level once' },
    ]);
  });

  it('finds what a new child row lacks, and leaves stored rows sent in part alone', () => {
    const rates = [{ id: 4, rate: 2 }, { zone: 'North' }, { rate: -1, zone: '' }];
    expect(recordProblems(widgets, { rates })).toEqual([
      { field: 'rates.2.rate', reason: 'must be at least 0' },
      { field: 'rates.2.zone', reason: 'is required' },
    ]);
  });

  it('looks form ids up by name', () => {
    expect(formIdOf('CustomerMaintenance')).toBe(50101);
    expect(() => formIdOf('Nope')).toThrow('The menu catalogue has no Nope');
  });
});

describe('the registry', () => {
  it('holds every resource once, with known references and price fields the server strips', () => {
    const names = resourceDefinitions.map((definition) => definition.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(resourceDefinitions.map((definition) => definition.path)).size).toBe(
      names.length,
    );
    expect(unknownReferences()).toEqual([]);
    for (const definition of resourceDefinitions) {
      for (const price of priceFieldsOf(definition))
        expect(isPriceField(price), `${definition.name}.${price}`).toBe(true);
    }
  });

  it('finds resources by name and screen', () => {
    expect(resourceByName('truckCompanies')?.plural).toBe('Truck companies');
    expect(resourceByName('nope')).toBeUndefined();
    expect(resourceByScreen('TruckCompanyMaintenance')?.name).toBe('truckCompanies');
    const tables = tableEditorResources().map((definition) => definition.name);
    expect(tables).toEqual(expect.arrayContaining(['zones', 'jobTypes', 'unitsOfMeasure']));
    expect(tables).not.toContain('creditStatuses');
  });

  it('lets the forms of every referring resource read a pick list', () => {
    expect(pickFormsOf('truckCompanies')).toEqual(
      expect.arrayContaining(['TruckCompanyMaintenance', 'TruckMaintenance', 'PumperMaintenance']),
    );
    expect(pickFormsOf('zones')).toEqual(expect.arrayContaining(['TableEditor']));
    expect(pickFormsOf('nope')).toEqual([]);
  });
});
