import "@mantine/tiptap/styles.css";
import { isAllowedLinkHref } from "@hearth/shared";
import { Alert, Button, CloseButton, Group, Popover, Stack, Text, TextInput } from "@mantine/core";
import { RichTextEditor, useRichTextEditorContext } from "@mantine/tiptap";
import { IconLink } from "@tabler/icons-react";
import { type Editor, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type FormEvent, useEffect, useState } from "react";
import { linkSelectionProblem, normalizeLinkHref } from "./link-rules";

/** Only http(s) links (and the {{survey_link}} placeholder the server fills) — typed, pasted, loaded from a template or auto-linked. */
const allowLink = (url: string) => isAllowedLinkHref(url);

const extensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    code: false,
    codeBlock: false,
    link: {
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: "https",
      protocols: ["http", "https"],
      isAllowedUri: allowLink,
      shouldAutoLink: allowLink,
      HTMLAttributes: { target: "_blank", rel: "noopener noreferrer" },
    },
  }),
];

const LINK_PROBLEM_ID = "email-link-problem";

function currentSelection(editor: Editor) {
  const { from, to, empty } = editor.state.selection;
  return { from, to, empty, text: editor.state.doc.textBetween(from, to, " "), inLink: editor.isActive("link") };
}

/** The toolbar's Link button: refuses a caret or an empty selection, and any address that is not http(s). */
function LinkControl({ onProblem }: { onProblem: (message: string | null) => void }) {
  const { editor } = useRichTextEditorContext();
  const active = useEditorState({
    editor,
    selector: (state) => Boolean(state.editor && !state.editor.isDestroyed && state.editor.isActive("link")),
  });
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState("");
  const [range, setRange] = useState<{ from: number; to: number } | null>(null);
  const [invalid, setInvalid] = useState(false);

  function open() {
    if (!editor) return;
    const selection = currentSelection(editor);
    const problem = linkSelectionProblem(selection);
    if (problem) {
      onProblem(problem);
      return;
    }
    onProblem(null);
    if (selection.inLink) editor.chain().extendMarkRange("link").run();
    const { from, to } = editor.state.selection;
    setRange({ from, to });
    setUrl(selection.inLink ? String(editor.getAttributes("link").href ?? "") : "");
    setInvalid(false);
    setOpened(true);
  }

  function close() {
    setOpened(false);
    setInvalid(false);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    if (!editor || !range) return;
    const text = editor.state.doc.textBetween(range.from, range.to, " ");
    const problem = linkSelectionProblem({ empty: range.from === range.to, text, inLink: false });
    if (problem) {
      close();
      onProblem(problem);
      return;
    }
    const result = normalizeLinkHref(url);
    if ("error" in result) {
      setInvalid(true);
      onProblem(result.error);
      return;
    }
    editor.chain().focus().setTextSelection(range).setLink({ href: result.href }).run();
    onProblem(null);
    close();
  }

  function unlink() {
    if (!editor || !range) return;
    editor.chain().focus().setTextSelection(range).extendMarkRange("link").unsetLink().run();
    close();
  }

  return (
    <Popover opened={opened} onChange={(next) => !next && close()} trapFocus withinPortal shadow="md" position="top" zIndex={400}>
      <Popover.Target>
        <RichTextEditor.Control
          onClick={open}
          active={active ?? false}
          aria-label="Link"
          title="Link"
          aria-haspopup="dialog"
          aria-expanded={opened}
          data-testid="link-control"
        >
          <IconLink size={16} stroke={1.5} aria-hidden />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={save} noValidate aria-label="Link">
          <Stack gap="xs" w={{ base: 260, sm: 320 }}>
            <TextInput
              label="Link address"
              placeholder="https://example.com"
              value={url}
              onChange={(event) => {
                setUrl(event.currentTarget.value);
                setInvalid(false);
              }}
              error={invalid}
              aria-describedby={invalid ? LINK_PROBLEM_ID : undefined}
              data-autofocus
              data-testid="link-url-input"
            />
            <Group gap="xs" justify="flex-end">
              {active && (
                <Button variant="subtle" color="red.9" size="xs" onClick={unlink}>
                  Remove link
                </Button>
              )}
              <Button variant="default" size="xs" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" size="xs" data-testid="link-save">
                Save link
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

interface EmailEditorProps {
  /** HTML; a new value from outside (a template) replaces the content. */
  value: string;
  onChange: (html: string) => void;
  error?: string | null;
}

/** The invitation's content: Tiptap with headings 1 to 3, lists, quotes and http(s) links. */
export function EmailEditor({ value, onChange, error }: EmailEditorProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const editor = useEditor({
    extensions,
    content: value,
    onUpdate: ({ editor: current }) => {
      setProblem(null);
      onChange(current.getHTML());
    },
    editorProps: {
      attributes: { "aria-label": "Email content", "aria-multiline": "true", role: "textbox", "data-testid": "email-content" },
    },
  });

  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Stack gap={4}>
      <RichTextEditor editor={editor} style={error ? { borderColor: "var(--mantine-color-error)" } : undefined}>
        <RichTextEditor.Toolbar sticky stickyOffset="var(--app-shell-header-height, 0px)">
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <LinkControl onProblem={setProblem} />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        {problem && (
          <Alert id={LINK_PROBLEM_ID} color="orange" variant="light" role="alert" radius={0} p="xs" data-testid="link-problem">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">{problem}</Text>
              <CloseButton size="sm" aria-label="Dismiss" onClick={() => setProblem(null)} />
            </Group>
          </Alert>
        )}
        <RichTextEditor.Content mih={260} />
      </RichTextEditor>
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
