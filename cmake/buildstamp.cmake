# Runs at build time (cmake -P, from model/CMakeLists.txt): writes OUTPUT with the commit the
# tree is at and whether tracked files differ from it. OUTPUT is rewritten only when that
# changed, so a build with nothing new recompiles and relinks nothing.
#   -DGIT=<git executable or empty> -DSOURCE_DIR=<checkout> -DOUTPUT=<buildstamp.cpp>
set(hash "")
set(dirty false)
if(GIT)
  execute_process(COMMAND "${GIT}" rev-parse --short HEAD
                  WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(rc EQUAL 0)
    set(hash "${out}")
    # --no-optional-locks: never write the index (someone may be committing in this checkout).
    execute_process(COMMAND "${GIT}" --no-optional-locks status --porcelain --untracked-files=no
                    WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rc
                    OUTPUT_VARIABLE out ERROR_QUIET)
    if(NOT rc EQUAL 0 OR NOT out STREQUAL "")
      set(dirty true)
    endif()
  endif()
endif()

set(text "// Written by cmake/buildstamp.cmake at build time.
#include \"buildstamp.h\"

namespace model {
const char *buildGitHash() { return \"${hash}\"; }
bool buildGitDirty() { return ${dirty}; }
} // namespace model
")
set(old "")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUTPUT}" "${text}")
endif()
