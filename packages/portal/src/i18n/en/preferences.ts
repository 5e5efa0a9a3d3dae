/** A person's language and time zone (issue 36): the user menu's language list and the profile's settings. */
export const preferences = {
  preferences: {
    title: 'Language and time zone',
    language: 'Language',
    menu: 'Language: %{language}',
    time_zone: 'Time zone',
    time_zone_help: "Dates and times are shown in this time zone. Leave it empty to use this browser's (%{zone}).",
    save: 'Save language and time zone',
    saved: 'Your language and time zone are saved.',
  },
};
