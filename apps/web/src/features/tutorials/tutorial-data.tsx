import { List, Text } from "@mantine/core";
import { FIGURE_SIZE, type Tutorial, TUTORIAL_TITLES } from "./tutorial-types";

/** /dashboard/tutorials/data: demographics imports, imported cohorts and feedback imports (decisions 0043, 0045, 0046). */
export const DATA_TUTORIAL: Tutorial = {
  slug: "data",
  title: TUTORIAL_TITLES.data,
  summary: "Bring in what your HR system knows about your people, survey them by those attributes, and import feedback from elsewhere.",
  tours: ["invitations", "reports"],
  sections: [
    {
      anchor: "why",
      heading: "What an import is for",
      body: (
        <>
          <Text>
            Hearth can take two kinds of file. <strong>Employee attributes</strong> describe your people: department, location, team, tenure
            and so on. Once imported they become cohorts in the reports of the surveys you send those people, so you can compare departments
            without asking anyone which department they work in. <strong>Survey answers & feedback</strong> are responses you collected
            outside Hearth; they become a survey of their own with a report.
          </Text>
          <Text>
            The <strong>Data</strong> page lists your imports, then a card for each survey and each person you imported, with their
            attributes. Filter the cards by source (surveys or imported) and by date; open an import for its progress and the rows it could
            not take.
          </Text>
        </>
      ),
      figure: {
        file: "data-page.webp",
        alt: "The Data page: Source and date filters, an Imports table listing people.csv as done, and cards for each imported person with their tenure, location and department.",
        caption: "The Data page after an attributes import.",
        ...FIGURE_SIZE,
      },
    },
    {
      anchor: "prepare",
      heading: "Prepare an attributes file",
      body: (
        <>
          <Text>Save the file as .csv with a header row and one person per row. Only the email column is required.</Text>
          <List spacing={4}>
            <List.Item>Names: first name and last name.</List.Item>
            <List.Item>Demographics: age, gender, ethnicity, tenure, income, job type, job function and geographic region.</List.Item>
            <List.Item>
              Your organisation: job code, name and family, department, location, business group, cost centre, team, manager level, standard
              hours, full-time equivalent, and the names of up to five levels of managers.
            </List.Item>
          </List>
          <Text>
            Headers do not need to match exactly: "Dept", "Work email" or "Office" are recognised. Values are checked row by row; ages and
            tenures are read as of the day of the import.
          </Text>
        </>
      ),
    },
    {
      anchor: "import",
      heading: "Import it",
      body: (
        <>
          <Text>
            On the Data page press <strong>Import data</strong>, choose what the file holds, and drop the file on the page. It is read in
            your browser first: you see the first 10 rows with the field each column will fill. Change a column's field from its header's
            menu, or set it to None to leave it out. Hearth remembers your choices for the next file with the same headers.
          </Text>
          <Text>
            After you confirm, the import runs on the server and its page shows the progress, even if you leave and come back. Rows with a
            problem are not imported; download them as a .csv with the reason for each, fix them and import them again. Importing the same
            person again updates their attributes.
          </Text>
        </>
      ),
      figure: {
        file: "data-import.webp",
        alt: "The import page after a file was dropped: the first rows of the file under their headers, each header showing the field it fills, and the rows that will be imported.",
        caption: "The preview of an attributes file, with the field each column fills.",
        ...FIGURE_SIZE,
      },
    },
    {
      anchor: "cohorts",
      heading: "Survey people by their imported attributes",
      body: (
        <>
          <Text>
            When you invite people to a survey, the <strong>Imported Employees</strong> tab lists everyone you imported, whole or by cohort.
            Each person's attributes travel with their personal survey link. When they answer, the answer keeps the cohort values, never
            their name or address.
          </Text>
          <Text>
            In the survey's report, the cohort filters then include the imported attributes. The visibility threshold applies to every
            cohort: a department with fewer respondents than the threshold shows nothing, so nobody can be singled out. Answers through the
            survey's shared link have no cohort.
          </Text>
        </>
      ),
    },
    {
      anchor: "feedback",
      heading: "Import answers and feedback",
      body: (
        <>
          <Text>
            Choose <strong>Survey answers & feedback</strong> for a file with one response per row, such as an export from another survey
            tool. The <strong>Select Data Columns</strong> window lists every column with what it seems to hold: comment text, a choice, or
            a rating scale. Keep the columns you want and correct their types.
          </Text>
          <Text>
            The import becomes a survey named after the file, already closed, with its own report: sentiment and emotion, comments and
            themes for the text, a breakdown for choices and ratings. A choice column with up to 12 values also becomes a cohort filter.
          </Text>
        </>
      ),
    },
  ],
};
