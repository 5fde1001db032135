-- Reference rows the schema itself depends on, so every named database (not only DEMO) is usable
-- from its first start: order statuses and units are fixed by the specification (sections 3 and 4),
-- and the rows below them are the targets of column defaults (jobs.job_type_id 0; the new-order and
-- new-schedule defaults of section 9), without which an insert relying on a default would break
-- its foreign key. Names of the default rows are placeholders an administrator can rename.
INSERT INTO "order_statuses" ("id", "code", "name") VALUES
  (0, 'D', 'Deleted'),
  (1, 'S', 'To Be Shipped'),
  (2, 'F', 'FOB'),
  (3, 'W', 'Will Call'),
  (4, 'H', 'On Hold'),
  (5, 'C', 'Complete'),
  (6, 'P', 'Shipping'),
  (7, 'X', 'Stop Shipping'),
  (8, 'B', 'Back Order'),
  (9, 'M', 'Cancelled');
--> statement-breakpoint
-- Factors are exact SI definitions; null where a unit has no metric counterpart to convert to.
INSERT INTO "units_of_measure" ("id", "imperial_description", "metric_description", "imperial_to_metric_conv_factor") VALUES
  (1, 'Cubic yards', 'Cubic metres', 0.764554858),
  (2, 'Pounds', 'Kilograms', 0.45359237),
  (3, 'Gallons', 'Litres', 3.785411784),
  (4, 'Fluid oz', 'Millilitres', 29.573529563),
  (5, 'Each', 'Each', 1),
  (6, 'Tons', 'Tonnes', 0.90718474),
  (7, 'Per yard', 'Per cubic metre', 1.307950619),
  (8, 'Per percent', 'Per percent', 1),
  (9, 'Cubic feet', 'Cubic metres', 0.028316847),
  (10, 'Feet', 'Metres', 0.3048),
  (11, 'Ounces', 'Grams', 28.349523125),
  (12, 'Ton percent', 'Tonne percent', NULL),
  (13, 'Yard', 'Yard', NULL),
  (14, 'Hours', 'Hours', 1),
  (15, 'Rail cars', 'Rail cars', 1),
  (30, 'Each quantity', 'Each quantity', 1);
--> statement-breakpoint
INSERT INTO "job_types" ("id", "description") VALUES (0, 'None');
--> statement-breakpoint
INSERT INTO "standby_charge_types" ("id", "description") VALUES (1, 'Default');
--> statement-breakpoint
INSERT INTO "print_material_types" ("id", "description") VALUES (1, 'Default');
--> statement-breakpoint
INSERT INTO "free_short_loads" ("id", "description") VALUES (1, 'Default');
--> statement-breakpoint
INSERT INTO "delivery_charge_types" ("id", "description") VALUES (1, 'Default');
--> statement-breakpoint
INSERT INTO "adjustment_types" ("id", "description") VALUES (1, 'Default');
