"use client";

import { Checkbox, CheckboxGroup, Radio, RadioGroup } from "react-aria-components";
import { humanize } from "@/lib/format";
import type { FilterField, FilterValues } from "@/lib/lists/define";
import { DateRangeEditor } from "./date-range-editor";
import type { EditableField, SetFilterValues } from "./filter-fields";

/**
 * A chip filter's editor, by kind. It shows what the URL holds (its values come from
 * the URL, never a copy), so back and forward move it too; each choice writes one
 * history entry.
 */
export function FilterEditor({
  field,
  values,
  setValues,
  inSheet = false,
}: {
  field: EditableField;
  values: FilterValues;
  setValues: SetFilterValues;
  inSheet?: boolean;
}) {
  switch (field.kind) {
    case "multi":
      return <MultiEditor field={field} values={values} setValues={setValues} />;
    case "boolean":
      return (
        <ChoiceEditor
          label={field.label}
          value={toChoice(values[field.key] as boolean | null, field.no !== undefined)}
          options={
            field.no === undefined
              ? [["true", field.yes]]
              : [
                  ["true", field.yes],
                  ["false", field.no],
                ]
          }
          onChange={(v) =>
            setValues({ [field.key]: v === ANY ? null : v === "true" }, { history: "push" })
          }
        />
      );
    case "select":
      return (
        <ChoiceEditor
          label={field.label}
          value={(values[field.key] as string | null) ?? ANY}
          options={field.options.map((o) => [o, humanize(o)] as const)}
          onChange={(v) => setValues({ [field.key]: v === ANY ? null : v }, { history: "push" })}
        />
      );
    case "dateRange":
      return (
        <DateRangeEditor field={field} values={values} setValues={setValues} inSheet={inSheet} />
      );
  }
}

const ANY = "any";
/** The choice a value shows: false shows as "Any" where false is no filter (no `no` choice). */
const toChoice = (v: boolean | null | undefined, offersFalse: boolean) =>
  v === true ? "true" : v === false && offersFalse ? "false" : ANY;

const OPTION_CLASS =
  "group flex cursor-pointer items-center gap-2 rounded px-1 py-1 outline-none hover:bg-surface-muted";
const BOX =
  "flex size-4 shrink-0 items-center justify-center rounded border border-line-strong bg-surface group-data-[selected]:border-accent group-data-[selected]:bg-accent group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-accent";

function MultiEditor({
  field,
  values,
  setValues,
}: {
  field: Extract<FilterField, { kind: "multi" }>;
  values: FilterValues;
  setValues: SetFilterValues;
}) {
  const selected = (values[field.key] as string[] | null) ?? [];
  return (
    <CheckboxGroup
      aria-label={field.label}
      value={selected}
      onChange={(next) =>
        // In the order of the options, whatever the order of the clicks.
        setValues(
          {
            [field.key]:
              next.length > 0 ? field.options.filter((option) => next.includes(option)) : null,
          },
          { history: "push" },
        )
      }
      className="flex flex-col gap-0.5"
    >
      {field.options.map((option) => (
        <Checkbox key={option} value={option} className={OPTION_CLASS}>
          {({ isSelected }) => (
            <>
              <span className={BOX} aria-hidden="true">
                {isSelected ? <Tick /> : null}
              </span>
              {humanize(option)}
            </>
          )}
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}

function Tick() {
  return (
    <svg
      viewBox="0 0 12 12"
      className="size-3 fill-none stroke-accent-fg stroke-2"
      aria-hidden="true"
    >
      <path d="M2.5 6.5l2.5 2.5 4.5-5" />
    </svg>
  );
}

function ChoiceEditor({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  return (
    <RadioGroup
      aria-label={label}
      value={value}
      onChange={onChange}
      className="flex flex-col gap-0.5"
    >
      {[[ANY, "Any"] as const, ...options].map(([option, words]) => (
        <Radio key={option} value={option} className={OPTION_CLASS}>
          <span
            aria-hidden="true"
            className="size-4 shrink-0 rounded-full border border-line-strong bg-surface group-data-[selected]:border-[5px] group-data-[selected]:border-accent group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-accent"
          />
          {words}
        </Radio>
      ))}
    </RadioGroup>
  );
}
