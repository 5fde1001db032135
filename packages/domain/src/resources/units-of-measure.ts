/**
 * Units of measure (R-ENTITY-27): the unit enum's rows (cubic yards 1, pounds 2, ... each 30) with
 * their metric names and conversion factors. An administrators' lookup like the others (its ids
 * are the shared unit codes); quote lines, products and raw materials pick from it (R-PICK-1).
 */
import { defineResource } from './define';
import { decimal, flag, text } from './field';

export const unitOfMeasureResource = defineResource({
  name: 'unitsOfMeasure',
  path: 'units-of-measure',
  singular: 'Unit of measure',
  plural: 'Units of measure',
  screen: 'TableEditor',
  admin: true,
  givenId: true,
  labelField: 'imperialDescription',
  fields: {
    imperialDescription: text({ label: 'Imperial description', required: true, list: true }),
    metricDescription: text({ label: 'Metric description', required: true, list: true }),
    imperialToMetricConvFactor: decimal({
      label: 'Imperial to metric factor',
      hint: 'One imperial unit in metric units (0.764554858 m³ per yd³)',
      // The table refuses 0: a factor must be positive.
      min: 0.000000001,
      scale: 9,
      list: true,
    }),
    // conversionFactorTypeId is left out: conversion factor types have no resource or rows yet.
    value: decimal({ label: 'Value', scale: 9 }),
    inactiveFlag: flag({ label: 'Inactive', list: true }),
  },
  search: ['imperialDescription', 'metricDescription'],
  sort: ['imperialDescription', 'metricDescription', 'id'],
  defaultSort: 'id',
});
