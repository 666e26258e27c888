import {
  availableFields,
  type ColumnMatch,
  countMappedColumns,
  type DataImportKind,
  type FeedbackColumnProfile,
  findImportField,
  matchHeaders,
  NOT_A_VALID_COHORT,
  remapColumn,
} from "@hearth/shared";
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Menu,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconArrowRight, IconChevronDown, IconDownload, IconFileTypeCsv, IconUpload, IconX } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../lib/api";
import { saveBlob } from "../../lib/save-blob";
import { useDataImport, useImportMapping, useStartImport, uploadFile } from "./data-api";
import { FeedbackImportStep, ImportKindChoice } from "./feedback-import";
import { importDetailPath } from "./import-detail-tabs";
import type { ImportWorkerReply } from "./import-worker-protocol";

const count = (value: number, word: string) => `${value.toLocaleString("en-US")} ${value === 1 ? word : `${word}s`}`;

const CSV_ACCEPT = { "text/csv": [".csv"], "application/vnd.ms-excel": [".csv"] };
const ONLY_CSV = ".csv only";

interface Parsed {
  file: File;
  headers: string[];
  preview: string[][];
  totalRows: number;
}

interface Validation {
  accepted: number;
  rejected: number;
  rejectedSample: { line: number; reasons: string[] }[];
  rejectedCsv: string | null;
}

const downloadText = (text: string, fileName: string) =>
  saveBlob(new Blob([`\uFEFF${text}`], { type: "text/csv;charset=utf-8" }), fileName);

/** A column header: a menu to remap the column to a known field or None; a field already used is not offered. */
function HeaderMenu({ columns, index, onChange }: { columns: ColumnMatch[]; index: number; onChange: (field: string | null) => void }) {
  const column = columns[index];
  const field = column.field ? findImportField(column.field) : null;
  return (
    <Menu position="bottom-start" withinPortal shadow="md" width={240}>
      <Menu.Target>
        <UnstyledButton data-testid={`column-${index}`}>
          <Stack gap={2}>
            <Group gap={4} wrap="nowrap">
              <Text fw={600} size="sm">
                {column.header || "(no header)"}
              </Text>
              <IconChevronDown size={14} aria-hidden />
            </Group>
            {field ? (
              <Badge size="xs" variant="light" color="teal">
                {field.label}
              </Badge>
            ) : (
              <Text size="xs" c="red.8" data-testid={`column-${index}-invalid`}>
                {NOT_A_VALID_COHORT}
              </Text>
            )}
          </Stack>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown style={{ maxHeight: 320, overflowY: "auto" }}>
        <Menu.Item onClick={() => onChange(null)}>None</Menu.Item>
        {availableFields(columns, index).map((option) => (
          <Menu.Item key={option.key} onClick={() => onChange(option.key)}>
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The commit's progress, polled until it is done. */
function ImportProgress({ id }: { id: string }) {
  const query = useDataImport(id);
  const data = query.data;
  if (!data) return <Loader aria-label="Loading the import" />;
  const processed = data.acceptedRows + data.rejectedRows;
  // the server counts the file's rows as it reads them: until it is read through, totalRows is 0 and the bar moves without a percentage
  const reading = data.status === "running" && data.totalRows === 0;
  const percent = data.totalRows > 0 ? Math.round((processed / data.totalRows) * 100) : data.status === "done" || reading ? 100 : 0;
  return (
    <Card withBorder data-testid="import-progress">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {data.status === "done" ? "Imported" : "Importing"} {data.fileName}
          </Title>
          <Badge color={data.status === "done" ? "teal" : data.status === "failed" ? "red" : "blue"} data-testid="import-status">
            {data.status === "done" ? "Done" : data.status === "failed" ? "Failed" : data.status === "running" ? "Importing" : "Queued"}
          </Badge>
        </Group>
        <Progress value={percent} size="lg" striped={reading} animated={reading} aria-label="Import progress" />
        <Text size="sm" data-testid="import-counts">
          {data.kind === "feedback"
            ? count(data.acceptedRows, "response")
            : count(data.acceptedRows, "person").replace(/persons$/, "people")}{" "}
          imported · {count(data.rejectedRows, "row")} not imported
          {data.totalRows > 0 ? ` · ${count(data.totalRows, "row")} in the file` : ""}
        </Text>
        {data.error && (
          <Alert color="red" variant="light" role="alert">
            {data.error}
          </Alert>
        )}
        {data.status === "done" && data.rejectedRows > 0 && (
          <Button
            component="a"
            href={`/api/data/imports/${data.id}/rejected`}
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            w="fit-content"
          >
            Download the rows not imported
          </Button>
        )}
        {data.status === "done" && (
          <Button
            component={Link}
            to={importDetailPath(data.id)}
            rightSection={<IconArrowRight size={16} aria-hidden />}
            w="fit-content"
            data-testid="open-import"
          >
            {data.kind === "feedback" ? "See the imported answers" : "See the import"}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /dashboard/data/import (issue 14 item 2, decisions 0040 and 0043): upload a CSV of employee attributes, check the
 * mapping of its columns on the first 10 rows, see which rows would be refused and why, then import. Parsing and
 * validation run in a Web Worker with progress; the upload shows its own progress; the commit's progress survives a
 * reload (the import's page address carries its id).
 */
export function ImportPage() {
  const mapping = useImportMapping();
  const start = useStartImport();
  const workerRef = useRef<Worker | null>(null);
  const [parsing, setParsing] = useState<{ loaded: number; total: number; rows: number } | null>(null);
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [columns, setColumns] = useState<ColumnMatch[]>([]);
  const [validation, setValidation] = useState<Validation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState<{ loaded: number; total: number } | null>(null);
  const [importId, setImportId] = useState<string | null>(() => new URLSearchParams(window.location.search).get("import"));
  const [kind, setKind] = useState<DataImportKind>("demographics");
  const [profiles, setProfiles] = useState<FeedbackColumnProfile[] | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => workerRef.current?.terminate(), []);

  const stopWorker = () => {
    workerRef.current?.terminate();
    workerRef.current = null;
  };

  const discard = () => {
    stopWorker();
    abortRef.current?.abort();
    setParsing(null);
    setParsed(null);
    setProfiles(null);
    setColumns([]);
    setValidation(null);
    setUploading(null);
    setError(null);
  };

  const validate = (next: ColumnMatch[]) => {
    setValidation(null);
    workerRef.current?.postMessage({ type: "validate", columns: next });
  };

  const accept = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    discard();
    if (!file.name.toLowerCase().endsWith(".csv")) {
      setError(ONLY_CSV);
      return;
    }
    const worker = new Worker(new URL("./csv-import.worker.ts", import.meta.url), { type: "module" });
    workerRef.current = worker;
    setParsing({ loaded: 0, total: file.size, rows: 0 });
    worker.onmessage = (event: MessageEvent<ImportWorkerReply>) => {
      const message = event.data;
      if (message.type === "progress") setParsing({ loaded: message.loaded, total: message.total, rows: message.rows });
      else if (message.type === "parsed") {
        setParsing(null);
        setParsed({ file, headers: message.headers, preview: message.preview, totalRows: message.totalRows });
        if (kind === "feedback") {
          worker.postMessage({ type: "profile" });
          return;
        }
        const initial = matchHeaders(message.headers, mapping.data?.mapping ?? {});
        setColumns(initial);
        validate(initial);
      } else if (message.type === "validated") setValidation(message);
      else if (message.type === "profiled") setProfiles(message.columns);
      else {
        setParsing(null);
        setError(message.message);
      }
    };
    worker.onerror = () => {
      setParsing(null);
      setError("The file could not be read. Try again or choose another file.");
    };
    worker.postMessage({ type: "parse", file });
  };

  const remap = (index: number, field: string | null) => {
    const result = remapColumn(columns, index, field);
    if (result.error) {
      setError(result.error);
      return;
    }
    setError(null);
    setColumns(result.columns);
    validate(result.columns);
  };

  const runImport = async () => {
    if (!parsed) return;
    setError(null);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      setUploading({ loaded: 0, total: parsed.file.size });
      const stored = await uploadFile(parsed.file, "imports", (loaded, total) => setUploading({ loaded, total }), controller.signal);
      const created = await start.mutateAsync({
        uploadId: stored.id,
        kind: "demographics",
        columns: columns.map(({ header, field }) => ({ header, field })),
      });
      started(created.id);
    } catch (failure) {
      setError(errorMessage(failure, "The import could not start. Please try again."));
    } finally {
      setUploading(null);
    }
  };

  const started = (id: string) => {
    stopWorker();
    setImportId(id);
    window.history.replaceState(null, "", `?import=${id}`);
  };

  const counts = countMappedColumns(columns);
  const hasEmail = columns.some((column) => column.field === "email");

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          Import data
        </Title>
        <Text c="dimmed" size="sm">
          {kind === "feedback"
            ? "A CSV of answers collected elsewhere, one row per response. They become an anonymous survey with its own reports: comments are analysed, choices become cohorts, never below your visibility threshold."
            : "A CSV with one row per person and an email column. Department, location, age, tenure and the other columns become the cohorts your reports can be filtered by, never below your visibility threshold."}
        </Text>
      </Stack>

      {importId ? (
        <Stack gap="sm">
          <ImportProgress id={importId} />
          <Button
            variant="default"
            w="fit-content"
            onClick={() => {
              setImportId(null);
              window.history.replaceState(null, "", window.location.pathname);
              discard();
            }}
          >
            Import another file
          </Button>
        </Stack>
      ) : !parsed ? (
        <Stack gap="sm">
          <ImportKindChoice value={kind} onChange={setKind} />
          <Dropzone
            onDrop={accept}
            onReject={() => setError(ONLY_CSV)}
            accept={CSV_ACCEPT}
            multiple={false}
            loading={false}
            aria-label="Upload a .csv file"
            inputProps={
              { "data-testid": "import-file-input", "aria-label": "Upload a .csv file" } as React.InputHTMLAttributes<HTMLInputElement>
            }
          >
            <Group justify="center" gap="md" mih={140} style={{ pointerEvents: "none" }}>
              <Dropzone.Accept>
                <IconUpload size={40} aria-hidden />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={40} aria-hidden />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <IconFileTypeCsv size={40} aria-hidden />
              </Dropzone.Idle>
              <Stack gap={2}>
                <Text fw={600}>Click or drag & drop to upload</Text>
                <Text size="sm" c="dimmed">
                  .csv only
                </Text>
              </Stack>
            </Group>
          </Dropzone>
          {parsing && (
            <Card withBorder data-testid="parse-progress">
              <Stack gap="xs">
                <Text size="sm">Reading the file… {parsing.rows.toLocaleString("en-US")} rows so far</Text>
                <Progress value={parsing.total > 0 ? (parsing.loaded / parsing.total) * 100 : 0} aria-label="Reading progress" />
                <Button variant="default" size="xs" w="fit-content" onClick={discard}>
                  Cancel
                </Button>
              </Stack>
            </Card>
          )}
        </Stack>
      ) : kind === "feedback" ? (
        <FeedbackImportStep file={parsed.file} totalRows={parsed.totalRows} profiles={profiles} onDiscard={discard} onStarted={started} />
      ) : (
        <Card withBorder data-testid="import-preview">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={0}>
                <Text fw={600}>{parsed.file.name}</Text>
                <Text size="sm" c="dimmed" data-testid="column-counts">
                  {count(parsed.totalRows, "row")} · {count(counts.imported, "column")} imported · {counts.notImported} not imported
                </Text>
              </Stack>
              <Group gap="xs">
                <Button variant="default" onClick={discard}>
                  Discard File
                </Button>
                <Button
                  onClick={() => void runImport()}
                  disabled={!hasEmail || !validation || validation.accepted === 0}
                  loading={Boolean(uploading) || start.isPending}
                >
                  Import
                </Button>
              </Group>
            </Group>
            <Text size="sm">Click a column's name to choose what it holds. Showing the first {parsed.preview.length} rows.</Text>
            <ScrollArea type="auto">
              <Table withTableBorder withColumnBorders striped fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((column, index) => (
                      <Table.Th key={`${column.header}-${index}`} style={{ minWidth: 140, verticalAlign: "top" }}>
                        <HeaderMenu columns={columns} index={index} onChange={(field) => remap(index, field)} />
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {parsed.preview.map((row, rowIndex) => (
                    <Table.Tr key={rowIndex}>
                      {columns.map((column, index) => (
                        <Table.Td key={`${column.header}-${index}`} c={column.field ? undefined : "dimmed"}>
                          {row[index] ?? ""}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            {!hasEmail && (
              <Alert color="yellow" variant="light">
                Choose the column that holds each person's email address.
              </Alert>
            )}
            {validation ? (
              <Stack gap={6} data-testid="row-check">
                <Text size="sm">
                  {count(validation.accepted, "person").replace(/persons$/, "people")} will be imported; {count(validation.rejected, "row")}{" "}
                  will not be.
                </Text>
                {validation.rejectedSample.slice(0, 5).map((row) => (
                  <Text key={row.line} size="xs" c="dimmed">
                    Row {row.line}: {row.reasons.join("; ")}
                  </Text>
                ))}
                {validation.rejectedCsv && (
                  <Button
                    variant="light"
                    size="xs"
                    w="fit-content"
                    leftSection={<IconDownload size={14} aria-hidden />}
                    onClick={() =>
                      downloadText(validation.rejectedCsv as string, parsed.file.name.replace(/\.csv$/i, "-rejected-rows.csv"))
                    }
                  >
                    Download the rows not imported
                  </Button>
                )}
              </Stack>
            ) : (
              <Group gap="xs">
                <Loader size="xs" aria-hidden />
                <Text size="sm">Checking every row…</Text>
              </Group>
            )}
            {uploading && (
              <Stack gap={4} data-testid="upload-progress">
                <Text size="sm">Uploading… {Math.round((uploading.loaded / Math.max(1, uploading.total)) * 100)}%</Text>
                <Progress value={(uploading.loaded / Math.max(1, uploading.total)) * 100} aria-label="Upload progress" />
              </Stack>
            )}
          </Stack>
        </Card>
      )}

      {error && (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setError(null)} closeButtonLabel="Dismiss">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
