package cli

import (
	"fmt"
	"runtime/debug"
)

// helpUsage is the help of "hcljson help".
const helpUsage = `Usage: hcljson help [COMMAND]

Prints the list of commands, or the help of COMMAND, on standard output.
`

// versionUsage is the help of "hcljson version".
const versionUsage = `Usage: hcljson version

Prints the version of hcljson (the module version it was built at, a
pseudo-version from version control, or "(devel)" when the build records
none) and the Go release that built it.
`

// help runs "hcljson help".
func help(e *env, args []string) int {
	c := lookup("help")
	names, code := e.parseFlags(c, newFlags(c), args)
	if code >= 0 {
		return code
	}
	switch len(names) {
	case 0:
		return e.writeStdout(c, []byte(usage))
	case 1:
		target := lookup(names[0])
		if target == nil {
			return e.usageError(c, "unknown command %q%s", names[0], suggestCommand(names[0]))
		}
		return e.writeStdout(c, []byte(target.help))
	}
	return e.usageError(c, "want at most one command, have %d", len(names))
}

// version runs "hcljson version".
func version(e *env, args []string) int {
	c := lookup("version")
	names, code := e.parseFlags(c, newFlags(c), args)
	if code >= 0 {
		return code
	}
	if len(names) > 0 {
		return e.usageError(c, "unexpected argument %q", names[0])
	}
	v, goVersion := buildVersion()
	return e.writeStdout(c, fmt.Appendf(nil, "hcljson %s %s\n", v, goVersion))
}

// buildVersion returns the main module's version, "(devel)" when the
// build has none, and the Go release that built the program.
func buildVersion() (v, goVersion string) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)", "unknown Go version"
	}
	v = info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	return v, info.GoVersion
}
