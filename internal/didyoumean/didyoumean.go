package didyoumean

import "github.com/agext/levenshtein"

// maxDistance is the largest edit distance at which a name is suggested.
const maxDistance = 2

// Closest returns the name in names at the smallest edit distance from
// given, if that distance is at most two, and "" otherwise. Of names
// equally close, the first in names wins.
func Closest(given string, names []string) string {
	best, bestDist := "", maxDistance+1
	for _, n := range names {
		if d := levenshtein.Distance(given, n, nil); d < bestDist {
			best, bestDist = n, d
		}
	}
	return best
}

// First returns the first name in names within an edit distance of two of
// given, and "" if there is none.
func First(given string, names []string) string {
	for _, n := range names {
		if levenshtein.Distance(given, n, nil) <= maxDistance {
			return n
		}
	}
	return ""
}
