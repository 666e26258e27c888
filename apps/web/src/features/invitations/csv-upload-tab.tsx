import { parseRecipientCsv, type RecipientCsvResult } from "@hearth/shared";
import { Alert, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconFileTypeCsv, IconUpload, IconX } from "@tabler/icons-react";
import { useState } from "react";
import type { AddResult } from "./use-recipient-list";

const CSV_ACCEPT = { "text/csv": [".csv"], "application/vnd.ms-excel": [".csv"] };
const ONLY_CSV = "Only .csv files can be uploaded.";
/** Rejected rows listed in full up to this many; the count covers the rest. */
const REJECTED_SHOWN = 100;

interface Upload {
  fileName: string;
  result: RecipientCsvResult;
  added: AddResult | null;
}

/** Tab "Upload .csv File": a header row with an email column; what was left out is listed. */
export function CsvUploadTab({ onAdd }: { onAdd: (recipients: RecipientCsvResult["recipients"]) => AddResult }) {
  const [upload, setUpload] = useState<Upload | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  async function accept(files: File[]) {
    const file = files[0];
    if (!file) return;
    setFileError(null);
    if (!file.name.toLowerCase().endsWith(".csv")) {
      setFileError(ONLY_CSV);
      return;
    }
    setReading(true);
    try {
      const result = parseRecipientCsv(await file.text());
      const added = result.error ? null : onAdd(result.recipients);
      setUpload({ fileName: file.name, result, added });
    } catch {
      setUpload(null);
      setFileError("We could not open this file. Try again or choose another file.");
    } finally {
      setReading(false);
    }
  }

  const result = upload?.result;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The first row names the columns. An <strong>email</strong> column is required; first name, last name and cohort fields such as
        department, team or location are optional. Other columns are ignored.
      </Text>
      <Dropzone
        onDrop={(files) => void accept(files)}
        onReject={() => setFileError(ONLY_CSV)}
        accept={CSV_ACCEPT}
        multiple={false}
        loading={reading}
        aria-label="Upload .csv file"
        inputProps={{ "data-testid": "csv-file-input", "aria-label": "Upload .csv file" } as React.InputHTMLAttributes<HTMLInputElement>}
        data-testid="csv-dropzone"
      >
        <Stack align="center" gap={6} mih={110} justify="center" style={{ pointerEvents: "none" }} ta="center">
          <Dropzone.Accept>
            <IconUpload size={36} color="var(--mantine-color-ember-7)" aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} color="var(--mantine-color-red-7)" aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileTypeCsv size={36} color="var(--mantine-color-dimmed)" aria-hidden />
          </Dropzone.Idle>
          <Text fw={600}>Click or drag & drop to upload</Text>
          <Text size="sm" c="dimmed">
            .csv files only
          </Text>
        </Stack>
      </Dropzone>
      {fileError && (
        <Alert color="red" variant="light" role="alert" p="xs">
          {fileError}
        </Alert>
      )}
      {upload && result?.error && (
        <Alert color="red" variant="light" role="alert" title={upload.fileName} data-testid="csv-error">
          {result.error}
        </Alert>
      )}
      {upload && result && !result.error && (
        <Alert
          color={result.rejected.length > 0 || result.ignoredColumns.length > 0 ? "yellow" : "teal"}
          variant="light"
          title={upload.fileName}
          data-testid="csv-summary"
        >
          <Stack gap="xs">
            <Text size="sm">
              {result.recipients.length === 1 ? "1 person read" : `${result.recipients.length.toLocaleString("en-US")} people read`}
              {upload.added ? `, ${upload.added.added.toLocaleString("en-US")} added to the list` : ""}
              {upload.added && upload.added.alreadyListed > 0
                ? ` (${upload.added.alreadyListed.toLocaleString("en-US")} already listed)`
                : ""}
              .
            </Text>
            {result.ignoredColumns.length > 0 && (
              <Text size="sm" data-testid="csv-ignored-columns">
                Ignored columns (not imported): {result.ignoredColumns.join(", ")}
              </Text>
            )}
            {result.rejected.length > 0 && (
              <div>
                <Text size="sm" fw={600}>
                  {result.rejected.length === 1
                    ? "1 row was left out:"
                    : `${result.rejected.length.toLocaleString("en-US")} rows were left out:`}
                </Text>
                <ScrollArea.Autosize mah={220} type="auto">
                  <Table aria-label="Rows left out" fz="sm" verticalSpacing={4} data-testid="csv-rejected-rows">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Line</Table.Th>
                        <Table.Th>Reason</Table.Th>
                        <Table.Th>Content</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {result.rejected.slice(0, REJECTED_SHOWN).map((row) => (
                        <Table.Tr key={row.line}>
                          <Table.Td>{row.line}</Table.Td>
                          <Table.Td>{row.reason}</Table.Td>
                          <Table.Td style={{ overflowWrap: "anywhere" }}>{row.value || "(empty)"}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
                {result.rejected.length > REJECTED_SHOWN && (
                  <Text size="sm" c="dimmed">
                    …and {(result.rejected.length - REJECTED_SHOWN).toLocaleString("en-US")} more rows.
                  </Text>
                )}
              </div>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
