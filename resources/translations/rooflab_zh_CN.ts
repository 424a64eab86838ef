<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en_US">
<context>
    <name>CeilingToggles</name>
    <message>
        <location filename="../../app/gui/ceilingtoggles.cpp" line="+11"/>
        <source>Compute ceilings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory levels</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Classroom</name>
    <message>
        <location filename="../../app/gui/classroom.cpp" line="+48"/>
        <source>Lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Presentation mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Full screen for a projector: the chart first, the lesson&apos;s caption large (F5; Esc leaves)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Presentation &amp;scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>System (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Previous step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PageUp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PageDown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Restore step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Close lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export current &amp;view as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export every &amp;step as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export &amp;handout as PDF…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The new language applies to windows opened from now on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+37"/>
        <location line="+8"/>
        <source>Export current view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-7"/>
        <source>PNG image (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>View written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+7"/>
        <source>Export every step as PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n slide(s) written to %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+9"/>
        <source>Export handout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-7"/>
        <source>PDF document (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Handout written to %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GpuPicker</name>
    <message>
        <location filename="../../app/gui/gpupicker.cpp" line="+24"/>
        <source>Search GPUs (name, id, generation)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <location line="+1"/>
        <source>Other</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+108"/>
        <source>At most %n comparison GPU(s); untick one first.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LessonExporter</name>
    <message>
        <location filename="../../app/gui/lessonexport.cpp" line="+148"/>
        <location line="+46"/>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-37"/>
        <location line="+25"/>
        <source>No lesson is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-20"/>
        <source>Could not create the folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LessonPlayer</name>
    <message>
        <location filename="../../app/gui/lessonplayer.cpp" line="+81"/>
        <source>Lessons in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+49"/>
        <source>◀ Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous step (PageUp, Left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next step (PageDown, Right, Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Restore step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Put the app back in the state this step shows (after you changed something)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Present</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Full screen, chart first, captions large (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+37"/>
        <source>No lessons found in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n lesson file(s) refused:</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Choose a lesson…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+276"/>
        <source>Step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-133"/>
        <source>This step sets a GEMM tile (%1), but the tile explorer is not part of this build.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The measured results for this step (%1) are not installed yet: they are measured on a GPU and shipped with RoofLab. The chart shows the predictions only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The measured results %1 could not be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+25"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2), measured on %3&lt;br&gt;Arithmetic intensity: %4 FLOP/B&lt;br&gt;Achieved: %5&lt;br&gt;Median time: %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 has no measurements of %2 kernels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Nothing called &quot;%1&quot; is on the chart to highlight.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>This step shows the %1 panel, which is not part of this build.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Step %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No lesson open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lessons walk through the course notes step by step: each step sets the GPU, the ceilings, the workloads or the panel, and says what to look at.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/gui/mainwindow.cpp" line="+36"/>
        <source>RoofLab</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>⚠ %n GPU file(s) refused</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Some GPU database files were refused: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&lt;b&gt;GPU&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Compare with&lt;/b&gt; (up to %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPUs and ceilings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Workloads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Occupancy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Panels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Export chart…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Reset view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Logarithmic axes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ctrl+L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+32"/>
        <source>RoofLab — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+90"/>
        <location line="+7"/>
        <source>Export chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-6"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Chart written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>GPU files refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>These GPU database files were not loaded; every other file was.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OccupancyGraph</name>
    <message>
        <location filename="../../app/gui/occupancygraph.cpp" line="+32"/>
        <source>occupancy (%)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OccupancyPanel</name>
    <message>
        <location filename="../../app/gui/occupancypanel.cpp" line="+55"/>
        <source>%1 KB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>threads per block, in whole warps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Threads per block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>registers per thread, as ptxas or NVRTC reports them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Registers per thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+10"/>
        <source> B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-9"/>
        <source>shared memory per block, static + dynamic, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shared memory per block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the part declared as __shared__ arrays (at most 48 KB); the rest is dynamic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>   of which static</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max L1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max shared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>percentage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cudaFuncAttributePreferredSharedMemoryCarveout: how much of the unified L1/shared memory the SM gives to shared memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source> %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shared-memory carveout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>blocks / SM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>because</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+30"/>
        <source>the block size cudaOccMaxPotentialOccupancyBlockSize picks for these registers and this shared memory: the largest one reaching the highest occupancy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Use it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>set threads per block to the suggested size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>By hand (cuda_occupancy.h&apos;s numbers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Occupancy vs threads per block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>threads per block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Occupancy vs registers per thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>registers per thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Occupancy vs shared memory per block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shared memory per block (KB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Occupancy: choose an NVIDIA GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Occupancy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Occupancy: %1 (CC %2): %3 warps, %4 blocks, %5 shared memory per SM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+100"/>
        <source>no GPU chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+34"/>
        <source>limited by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (tied with %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>cannot launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 registers per block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 per block of %2 per SM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 warps per block of %2 per SM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CC %1 block slots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 barrier(s) per block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Allocated per block: %1 registers · %2 (%3 B) shared memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Suggested block size: %1 threads → %2 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No block size fits these resources.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PresentationMode</name>
    <message>
        <location filename="../../app/gui/presentationmode.cpp" line="+58"/>
        <source>Presentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+26"/>
        <source>◀</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous step (PageUp, Left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next step (PageDown, Right, Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show or hide the list of steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leave presentation mode (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+157"/>
        <source>No lesson open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the step list to pick a lesson, or press Esc to leave presentation mode.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ResultsTableModel</name>
    <message>
        <location filename="../../app/gui/resultstablemodel.cpp" line="+204"/>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FAILED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+60"/>
        <source>compared against the %1 ceiling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bytes counted at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n sample(s); median %1, min %2, max %3</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>not checked (imported)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max relative error %1 against %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>measured performance as a share of the roof at this intensity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no row with the same kernel, data type and parameters in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>median time against %1: %2 (negative = faster)%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, within the noise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>B/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>AI (FLOP/B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>% of roof</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Change %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>median kernel time over the samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>arithmetic intensity: FLOPs per byte of memory traffic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>measured FLOP/s (B/s for copies) as a share of the roofline at this intensity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>median time against %1; negative = faster</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RooflineChart</name>
    <message>
        <location filename="../../app/gui/rooflinechart.cpp" line="+148"/>
        <source>Arithmetic intensity (FLOP/B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Performance (FLOP/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+35"/>
        <source>ridge %1 FLOP/B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+175"/>
        <location line="+11"/>
        <source>Roofline chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Created by RoofLab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+318"/>
        <source>memory-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>compute-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+128"/>
        <source>measured %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>measured %1 %2 (%3 probe)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+87"/>
        <source>predicted (hollow)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>measured (filled)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkloadPanel</name>
    <message>
        <location filename="../../app/gui/workloadpanel.cpp" line="+126"/>
        <source>Add point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Data type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Points on the chart:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+103"/>
        <source>Added %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 does no arithmetic (0 FLOPs), so it has no point on a roofline. It moves %2; at the memory bandwidth (%3) that takes at least %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 has no compute or memory ceiling for %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>memory-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>compute-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;%1&lt;/b&gt; on %2&lt;br&gt;FLOPs: %3&lt;br&gt;Bytes (minimum traffic): %4&lt;br&gt;Arithmetic intensity: %5 FLOP/B&lt;br&gt;Attainable: %6 (%7 vs %8)&lt;br&gt;Bound: %9&lt;br&gt;Best-case time: %10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1
    AI %2 FLOP/B, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 — not on this GPU&apos;s roofline</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cli</name>
    <message>
        <location filename="../../app/cli/cmd_ladder.cpp" line="+84"/>
        <source>Runs the GEMM ladder (naive ... wgmma + TMA) and its cuBLAS references, each step checked against cuBLAS, and sweeps random tile configurations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>--fp32-size and --tc-size take a whole number from 1 to 32768</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>--size takes a whole number from 1 to 32768</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>--seed takes a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>--sweep takes a whole number from 0 to 200</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>--sweep-extra takes a whole number from 0 to 200</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>--budget takes seconds between 0 and 60</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>--device takes a device index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>--steps: &quot;%1&quot; is not a GEMM ladder id (they are: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1 (needs sm_90, the device is %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (needs sm_80 or newer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <source>GEMM ladder on %1 (%2): fp32 steps at %3^3, tensor-core steps at %4^3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+38"/>
        <source>sweeping %1 random tile configurations of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+75"/>
        <source>best tile configurations found:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 measurements, %2 checks passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>skipped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>problem: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/cli/cmd_replay.cpp" line="+54"/>
        <source>replay: name one results file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>--speed: &quot;%1&quot; is not a number &gt;= 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+44"/>
        <source>replayed %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cli::Worker</name>
    <message>
        <location filename="../../app/cli/cmd_worker.cpp" line="+131"/>
        <source>not JSON: %1 at offset %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a request must be a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>a request needs a &quot;request&quot; string (one of: %1, cancel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unknown request &quot;%1&quot; (known: %2, cancel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>cancel: name the request to stop in &quot;target&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>cancelled before it started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no request &quot;%1&quot; is queued or running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>cancelled: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+113"/>
        <source>run: name a kernel in &quot;kernel&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+162"/>
        <source>unknown kernel &quot;%1&quot; (see: rooflab-cli kernels)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-149"/>
        <source>&quot;samples&quot; must be 1 to 100000 (0 or absent: automatic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>the run had finished; its measurement is kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>ceilings: none of the probes named is known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>suite: unknown kernel &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>suite: %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>suite: &quot;kernels&quot; is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>suite: unknown name &quot;%1&quot; (known: standard, memory, ceilings)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>stopped after %1 of %2 kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 stopped the batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 kernels done</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n kernel(s) failed or failed their check</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 is not a compiled kernel (nothing to compile)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>compile: &quot;arch&quot; is required (there is no CUDA device to take it from), e.g. &quot;sm_90&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: compiling for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+35"/>
        <source>stopped after %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>sleeping %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kernels</name>
    <message>
        <location filename="../../kernels/device.cpp" line="+32"/>
        <source>no NVIDIA driver found, or one older than CUDA %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no CUDA-capable device is detected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+41"/>
        <source>cudaGetDeviceProperties failed for every device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no CUDA device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no CUDA device (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../kernels/family_gemm.cpp" line="+89"/>
        <source>the block would have %1 threads: it must be a multiple of 32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the block would have %1 threads: at most 1024</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>BM (%1) must be a multiple of TM (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (threads = BM*BN/TM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+14"/>
        <location line="+42"/>
        <source>the tiles need %1 bytes of static shared memory: at most 48 KB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-49"/>
        <source>BM (%1) and BN (%2) must be multiples of TM (%3) and TN (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+19"/>
        <source>TM, TN and BK must be multiples of 4 (float4 accesses)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-17"/>
        <source> (threads = (BM/TM)*(BN/TN))</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>TM*TN = %1 accumulators per thread: at most 256 fit in registers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>BM (%1) and BN (%2) must be multiples of the warp tile WM (%3) and WN (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source> (threads = 32*(BM/WM)*(BN/WN))</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a warp tile of %1 x %2 does not split into 32 threads x WNITER (%3) patches of TM x TN (%4 x %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>WM must split into WMITER (%1) and WN into WNITER (%2) sub-tiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the 32 threads of a warp must cover one %1 x %2 sub-tile with %3 x %4 patches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the two tile buffers need %1 bytes of static shared memory: at most 48 KB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+35"/>
        <source>%1 accumulators per thread: at most 256 fit in registers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-29"/>
        <source>BM, BN and BK must be multiples of 16 (the WMMA fragment)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+17"/>
        <source>each warp&apos;s tile (BM/WARPS_M x BN/WARPS_N = %1 x %2) must be a multiple of 16 x 16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-9"/>
        <source>the epilogue needs 1 KB of scratch per warp inside the %1 bytes of tiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 accumulator fragments per warp: at most 32 fit in registers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>the 16-byte copies of a K-slice (%1 of A, %2 of B) must divide evenly among %3 threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+11"/>
        <source>%1 stages need %2 bytes of shared memory: the device allows %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-5"/>
        <source>each consumer warpgroup takes 64 or 128 rows: BM (%1) must be 64 or 128 times CONSUMERS (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 accumulators per thread: at most 128 (rows per consumer / 64 * BN &lt;= 256)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+156"/>
        <source>cuTensorMapEncodeTiled is not available from the driver (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>cuTensorMapEncodeTiled failed (CUresult %1) for a %2 x %3 matrix, box 64 x %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+213"/>
        <source>rows of A and C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>columns of B and C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>columns of A, rows of B (the reduction)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the block is BLOCK x BLOCK threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tile edge: TILE x TILE threads, TILE x TILE tiles of A and B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+4"/>
        <location line="+4"/>
        <location line="+4"/>
        <location line="+8"/>
        <location line="+6"/>
        <source>block tile rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-26"/>
        <location line="+4"/>
        <location line="+4"/>
        <location line="+4"/>
        <location line="+8"/>
        <location line="+6"/>
        <source>block tile columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-25"/>
        <location line="+4"/>
        <location line="+4"/>
        <location line="+4"/>
        <location line="+8"/>
        <source>K-slice per shared-memory tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-19"/>
        <source>results per thread (a column)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+4"/>
        <source>results per thread, rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-4"/>
        <location line="+4"/>
        <source>results per thread, columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>warp tile rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>warp tile columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sub-tiles of a warp tile along N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>results per thread per sub-tile, rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>results per thread per sub-tile, columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>blocks per SM the registers are budgeted for (__launch_bounds__)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+7"/>
        <source>warps along M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-6"/>
        <location line="+7"/>
        <source>warps along N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-6"/>
        <location line="+7"/>
        <location line="+6"/>
        <source>block-rows per group in the grouped (swizzled) block order; 1 = row order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-10"/>
        <source>K-slice per stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>K-slices in flight (cp.async pipeline depth)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>block tile rows (64 or 128 per consumer warpgroup)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>block tile columns (the wgmma N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shared-memory stages between the TMA producer and the consumers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>consumer warpgroups (plus one producer warpgroup)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>GEMM 1: naive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GEMM 2: coalesced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GEMM 3: shared-memory tiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GEMM 4: 1D register blocking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GEMM 5: 2D register blocking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GEMM 6: vectorized loads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GEMM 7: warp tiling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GEMM 8: tensor cores (WMMA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GEMM 9: mma.sync + ldmatrix + cp.async pipeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GEMM 10: wgmma + TMA (Hopper)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cuBLAS SGEMM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cuBLAS TF32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cuBLAS BF16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>One thread per element of C, threads of a warp walking down the rows: every load of A and store of C is its own 32-byte sector. The starting point, far below every ceiling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The same kernel with threads of a warp walking along a row of C: loads of B and stores of C become 128-byte runs, A a broadcast.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TILE x TILE tiles of A and B staged in shared memory and reused TILE times: global traffic falls by TILE; shared-memory loads become the limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Each thread computes TM results of a column, reusing one B value from a register TM times.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Each thread computes a TM x TN patch as outer products of register-held slices: shared-memory loads per FMA fall to (TM+TN)/(TM*TN).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>16-byte (float4) loads from global and shared memory and 16-byte stores; A transposed in shared memory so a thread&apos;s values are contiguous.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Block, warp and thread tiles: each warp reads contiguous, conflict-free runs of shared memory; two buffers overlap the next K-slice&apos;s loads with the math. The fp32 CUDA-core end point.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>bf16/fp16 tensor cores through WMMA 16x16x16 fragments, fp32 accumulation; B read as N x K. One stage: load, barrier, compute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>mma.sync.m16n8k16 fed by ldmatrix from XOR-swizzled shared memory, STAGES-deep cp.async pipeline, 64 x 64 warp tiles, grouped block order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hopper: TMA copies swizzled tiles into a STAGES-deep mbarrier pipeline fed by a producer warpgroup; consumer warpgroups run wgmma.mma_async from shared memory (sm_90a only).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cublasGemmEx in fp32 with pedantic fp32 math (no TF32): the CUDA-core reference of steps 1-7.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cublasGemmEx on fp32 data with TF32 tensor cores (CUBLAS_COMPUTE_32F_FAST_TF32).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cublasGemmEx with bf16 (or fp16) inputs, fp32 accumulation and fp32 C, B as N x K: the reference of the tensor-core steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+43"/>
        <source>K (%1) must be a multiple of 8: every row of A and B must start on a 16-byte boundary for cp.async and TMA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../kernels/family_memory.cpp" line="+551"/>
        <source>elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../kernels/family_probes.cpp" line="+776"/>
        <source>threads per block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>16-byte accesses in flight per thread (vector variant)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>vector variant: default loads and stores, or streaming (evict-first) hints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>rows (one block each)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>parameter &quot;cols&quot; (%1) is too long for &quot;block&quot; %2: at most 64 values per thread, so cols &lt;= %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>out[i] = in[i]. The scalar version moves one element per thread; the vector version moves 16 bytes per access with several accesses in flight per thread. Both move the same bytes: the difference is how many requests the SMs keep in flight.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+21"/>
        <location line="+21"/>
        <source>vector: 16-byte accesses; scalar: one element per thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-27"/>
        <source>Vector add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>c[i] = a[i] + b[i]: one addition per 12 bytes in fp32 (AI = 1/12), far left of every ridge point. Its ceiling is the copy bandwidth.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Triad</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a[i] = b[i] + alpha * c[i] (STREAM triad): one fused multiply-add per element, two reads and a write.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Strided read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>out[i] = in[i * stride]. Memory moves 32-byte sectors: stride 2 uses half of each, stride 8 (32 bytes) and beyond one element per sector, 12.5 %.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>elements between consecutive reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Sum reduction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The sum of n floats. atomic: every element an atomicAdd on one address, which serializes. tree: per-thread sums, warp shuffles, one partial per block, the last block adds the partials (seed 004).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>tree: warp-shuffle tree; atomic: one atomicAdd per element</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Softmax</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row-wise softmax. three_pass: three kernels (row max, sum of exponentials, normalize), each reading the matrix again. online: one kernel, the row read once into registers and (max, sum) pairs merged with the online-softmax rule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>online: one pass; three_pass: three kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>RMSNorm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>y = x / sqrt(mean(x^2) + eps) * w, one block per row, the row held in registers: one read and one write of the matrix.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>LayerNorm (+ residual)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>y = LayerNorm(x + r) * gamma + beta. two_kernels: the residual add writes h = x + r and LayerNorm reads it back (five tensor passes). fused: one kernel, h never leaves registers (three).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>1: add a residual input first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fused: one kernel; two_kernels: residual add, then LayerNorm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../kernels/family_probes.cpp" line="+4"/>
        <source>32-bit words (4 bytes each)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>16-byte accesses in flight per thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+57"/>
        <source>default loads and stores, or streaming (evict-first) hints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>L2 read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reads a footprint that fits in L2 many times with loads that bypass L1 (ld.global.cg).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>footprint in KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>reads of the footprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Shared-memory read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every lane of a warp reads a 4-byte word of shared memory; with stride s between lanes the access is a gcd(s, 32)-way bank conflict (bank = word mod 32).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>words between the lanes&apos; addresses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>loop iterations (16 loads each)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Eight independent chains x = x * a + b per thread, one full wave of blocks: the arithmetic ceiling of the CUDA cores (2 FLOPs per FMA, HFMA2 does two).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>loop iterations (16 FMAs per chain each)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Warp-level tensor-core instructions (mma.sync m16n8k16, tf32 m16n8k8) on independent accumulators with operands in registers: the rate of the pre-Hopper tensor-core path (Hopper&apos;s full rate needs wgmma).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>loop iterations (2 mma per chain each)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>independent accumulators per warp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>cudaMemcpyAsync (device to device)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The driver&apos;s own device-to-device copy, the yardstick for the copy kernels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>cuBLAS GEMM (bf16)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C = A B through cublasGemmEx, bf16 in and out, fp32 accumulation: what the tensor cores reach with the library&apos;s kernels (wgmma on Hopper).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>M = N = K</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../kernels/suite.cpp" line="+214"/>
        <source>vector copy / cudaMemcpyAsync device to device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vector add (fp32) / copy ceiling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>triad (fp32) / copy ceiling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tree reduction / HBM read ceiling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>one-pass softmax, 4096 columns (fp32) / copy ceiling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RMSNorm, 4096 columns (fp32) / copy ceiling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fused LayerNorm + residual, 4096 columns (fp32) / copy ceiling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>FP32 FMA probe / (SMs x %1 lanes x 2 x the measured clock %2 MHz)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>mma.sync bf16 probe / datasheet dense bf16 %1 TFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cuBLAS bf16 GEMM / datasheet dense bf16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>scalar copy / vector copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>scalar vector add / vector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>atomic reduction / tree reduction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>three-kernel softmax / one-pass online</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>residual add + LayerNorm as two kernels / fused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>strided read, stride %1 / stride 1 (sector efficiency %2 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>shared-memory read, stride %1 (%2-way bank conflict) / stride 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>met</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MISSED</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kernels::Catalog</name>
    <message>
        <location filename="../../kernels/catalog.cpp" line="+147"/>
        <source>%1 has no parameter &quot;%2&quot; (it takes: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>parameter &quot;%1&quot; of %2: &quot;%3&quot; is not one of %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>parameter &quot;%1&quot; of %2: &quot;%3&quot; is not an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>parameter &quot;%1&quot; of %2 must be one of %3 (got %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>parameter &quot;%1&quot; of %2 must be between %3 and %4 (got %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>parameter &quot;%1&quot; of %2 must be a multiple of %3 (got %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>--dtype: %1 does not run in &quot;%2&quot; (it takes: %3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kernels::Compiler</name>
    <message>
        <location filename="../../kernels/compiler.cpp" line="+138"/>
        <source>unsupported architecture &quot;%1&quot; (NVRTC %2 compiles for: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+61"/>
        <source>the kernel sources were not found (looked in: %1; set ROOFLAB_KERNELS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>cannot read kernel source %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>the CUDA include folder (cuda_fp16.h) was not found (looked in: %1; set ROOFLAB_CUDA_INCLUDE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+55"/>
        <source>nvrtcCreateProgram: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>nvrtcAddNameExpression(%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>compiling %1 for %2 failed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>nvrtcGetCUBINSize: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>nvrtcGetCUBIN: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>no lowered name for %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kernels::GemmBench</name>
    <message>
        <location filename="../../kernels/family_gemm.cpp" line="-338"/>
        <source>gemm.wgmma_tma uses wgmma and TMA, which only sm_90 (Hopper) has; this device is %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>TF32 tensor cores need sm_80 or newer; this device is %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>bf16 tensor cores (and cp.async, ldmatrix) need sm_80 or newer; this device is %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kernels::Module</name>
    <message>
        <location filename="../../kernels/runner.cpp" line="+68"/>
        <source>kernel %1 is not in the compiled module</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kernels::ProbeKernels</name>
    <message>
        <location filename="../../kernels/family_probes.cpp" line="-143"/>
        <source>HBM read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reads a buffer many times larger than L2 with 16-byte loads, one resident wave of blocks looping over it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HBM write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Writes a buffer many times larger than L2 with 16-byte stores.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HBM copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copies a buffer many times larger than L2 (bytes read + written): the copy ceiling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+60"/>
        <source>FP32 FMA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FP64 FMA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FP16 HFMA2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <source>mma.sync bf16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mma.sync fp16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mma.sync tf32</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kernels::RunContext</name>
    <message>
        <location filename="../../kernels/runner.cpp" line="+110"/>
        <source>this kernel has no compiled module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>a block of %1 threads cannot run: this kernel allows at most %2 on %3 (%4 registers per thread, launch bounds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>needs %1 bytes of shared memory per block (%2 static + %3 dynamic); %4 allows at most %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>no block of %1 threads fits on an SM (%2 registers per thread, %3 bytes of shared memory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>empty grid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>cudaMalloc(%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>no fill for %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kernels::Runner</name>
    <message>
        <location line="+114"/>
        <location line="+158"/>
        <source>the CUDA context was lost after a kernel fault; restart the program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-143"/>
        <source>--device %1: there are %2 CUDA devices (0 to %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>compiling the runtime kernels for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+109"/>
        <source>unknown kernel &quot;%1&quot; (see: rooflab-cli kernels)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1: compiling for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1: preparing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: checking the result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the CUDA context was lost during the check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1: timing %2 samples (about %3 each)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+68"/>
        <source>%1: the check failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kernels::TestKernels</name>
    <message>
        <location filename="../../kernels/family_testing.cpp" line="+46"/>
        <source>Faulting kernel (test)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Writes far out of bounds on purpose: an illegal-address fault that leaves the process&apos;s CUDA context unusable. For crash tests.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kernels::gemm</name>
    <message>
        <location filename="../../kernels/family_gemm.cpp" line="+405"/>
        <source>%1 is not a GEMM ladder step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../kernels/gemmtile.cpp" line="+186"/>
        <source>dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>kernel step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Tile model only (no kernel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>not a knob of this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>the tile model does not see the per-thread tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no tile: every output is computed on its own, so the model counts a 1×1 tile (no reuse)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>no shared memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>launch order as the grid runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>= BM: square TILE×TILE tiles of A and B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+20"/>
        <source>one shared-memory buffer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-19"/>
        <source>= TILE²: one thread per output of the tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+22"/>
        <location line="+14"/>
        <source>row-major block order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-20"/>
        <source>one column of results per thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>= BM·BN/TM: one thread per TM results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>= (BM/TM)·(BN/TN): one thread per TM×TN patch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>two tile buffers: the next K-slice loads during the math</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>tensor cores: the MMA instruction sets the per-warp tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>one stage: load, barrier, compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>TMA copies 128-byte (64-element) swizzled rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tensor cores: wgmma sets the per-warpgroup tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+130"/>
        <source>threads: %1 launches BLOCK×BLOCK threads with BLOCK 8, 16 or 32 (64, 256 or 1024 threads), not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+45"/>
        <source>threads: %1 is not a power-of-two number of warps (32, 64, 128, ... 1024)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+43"/>
        <source>threads: %1 launches one producer and 1 or 2 consumer warpgroups (256 or 384 threads), not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>step: &quot;%1&quot; is not a GEMM ladder step (known: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>dtype: %1 computes %2 only, not %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: %2 is outside %3..%4 for %5 (slider values: %6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: %2 gives %3, not %4 (%5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: %2 always uses %3 (%4), not %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 shares nothing between threads: the model counts every output as its own 1×1 tile with one thread (seed 004), so blocks/SM and waves below are per thread; the launch has %2 threads per block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1: the producer warpgroup (128 threads) only issues TMA copies; the model spreads the tile over the %2 consumer threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>step: %1 is not in the kernel catalog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 is not an NVIDIA GPU: nothing to compile or run there; registers stay estimated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 has no CUDA compute capability in the spec database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 needs sm_90a (Hopper: wgmma and TMA); %2 is compute capability %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 needs bf16 tensor cores (compute capability 8.0 or later); %2 is %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>the tile-model step has no kernel to compile; pick a ladder step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 is not a compiled kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+37"/>
        <source>NVRTC failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+86"/>
        <source>%1 thr, no tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source> ·%1 st</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source> ·%1 thr</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source> ·g%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../../app/gui/main.cpp" line="+80"/>
        <source>Roofline charts of GPUs: predicted and measured performance.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open on the GPU with this id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Overlay up to three more GPUs (comma-separated ids).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Render the window to a PNG file without showing it, then exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add a few example workload points (for screenshots).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Linear axes instead of log-log (as seed 001 draws it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>User interface language for this run: en, zh_CN or system.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Theme for this run: system, light or dark.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Bring a panel to the front (roofline, occupancy, lesson, ...).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open a lesson (its id, e.g. 01-roofline).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Go to this step of the lesson (1 = the first).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start in presentation mode.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Presentation scale, 1.0 to 3.0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Window size for --screenshot (default 1400x900).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>model</name>
    <message>
        <location filename="../../model/gpu.cpp" line="+24"/>
        <source>FP64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FP64 Tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FP16 (CUDA cores)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TF32 Tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FP16 Tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BF16 Tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FP16 Tensor, FP16 acc.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FP8 Tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FP8 Tensor, FP16 acc.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FP6 Tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FP4 Tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>INT8 Tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>HBM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>DRAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shared memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../model/ncuimport.cpp" line="+436"/>
        <source>tensor FLOPs from an unknown source type &quot;%1&quot; are not imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+63"/>
        <source>is not an Nsight Compute CSV export (no header with &quot;Kernel Name&quot;; export with ncu --csv --page raw)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../model/occupancy.cpp" line="+61"/>
        <location line="+1"/>
        <source>%1 KB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (%2 B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+28"/>
        <source>registers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shared memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>warps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>blocks per SM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>barriers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+108"/>
        <source>cuda_occupancy.h (which knows compute capabilities up to %1.%2) does not know compute capability %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cuda_occupancy.h refused the input (invalid input): check the per-SM limits of CC %1, e.g. %2 shared memory per SM must be one of its carveout sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../model/resultset.cpp" line="+49"/>
        <source>is null (not a finite number)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+20"/>
        <location line="+15"/>
        <location filename="../../model/specdb.cpp" line="+58"/>
        <location line="+23"/>
        <location line="+26"/>
        <location line="+20"/>
        <source>is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-31"/>
        <location filename="../../model/specdb.cpp" line="-82"/>
        <source>must be a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../../model/specdb.cpp" line="+3"/>
        <source>must be finite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../model/specdb.cpp" line="+2"/>
        <source>must not be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../model/specdb.cpp" line="+35"/>
        <source>must be greater than zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <location filename="../../model/specdb.cpp" line="-15"/>
        <source>must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must not be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <location filename="../../model/specdb.cpp" line="+41"/>
        <source>must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../model/specdb.cpp" line="-51"/>
        <source>must be a non-empty string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>must be an object {&quot;value&quot;: number, &quot;source&quot;: text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>is missing: every number needs its source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>unknown name (known: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>must be a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+25"/>
        <source>must be a non-empty list of numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>sizes and granularities must be greater than zero</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>model::NcuImport</name>
    <message>
        <location filename="../../model/ncuimport.cpp" line="+132"/>
        <location line="+249"/>
        <source>is %1 MiB; files larger than %2 MiB are refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-236"/>
        <source>ncu said: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the file ends inside a quoted value (truncated?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n line(s) that are not CSV rows of the table were skipped (line %1%2)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no units line after the header: values are read as base units (ns, byte); export with --print-units base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 FLOPs count only %2: %3 not in the file (counted as 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>only one of %1 and %2 is in the file: no HBM point (ask for %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (or %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a FLOP count (%1, ... or %2*.sum)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>lacks the metrics a roofline point needs: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The details page lists raw metrics only when they are requested with --metrics; --page raw is the format this import is made for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Profile with:
  %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>kernel %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>launch %1 (%2, line %3): no usable %4; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+87"/>
        <source>launch %1 (%2, line %3): no usable byte count; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>launch %1 (%2): %3 is 0, so its %4 point has no intensity; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>CUDA device %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>the file holds launches on %1 devices; the results carry the first one&apos;s name</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%1 was n/a in %n launch(es)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%1 unusable in %n launch(es) (%2)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>holds no kernel launches (only the header)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>has no launch with usable values (%n skipped)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location line="+17"/>
        <source>is a folder, not a CSV file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cannot be opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>model::Occupancy</name>
    <message>
        <location filename="../../model/occupancy.cpp" line="+12"/>
        <source>%1 has no per-SM limits in the spec database: occupancy needs an NVIDIA GPU with a compute capability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 has no per-SM limits (sm_limits) in the spec database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>CC %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>compute capability &quot;%1&quot; is not of the form X.Y</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the per-SM limits of %1 are incomplete (a size is zero)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1 shared memory per SM is not one of cuda_occupancy.h&apos;s carveout sizes for CC %2 (the next is %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+62"/>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-58"/>
        <source>%1 is not valid JSON: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unknown compute capability &quot;%1&quot; (known: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%1: entry &quot;%2&quot;: field &quot;%3&quot; is missing or not a whole positive number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+51"/>
        <source>threads per block: must be at least 1 (got %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>threads per block: %1 is more than the maximum of %2 per block on CC %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>registers per thread: must not be negative (got %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>registers per thread: %1 is more than the maximum of %2 per thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>shared memory per block: must not be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>static shared memory: %1 is more than the %2 a block may declare statically; larger allocations must be dynamic (with the opt-in)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>shared memory per block: %1 is more than the per-block maximum of %2 (with the opt-in) on CC %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>carveout: %1 is not default, max-l1, max-shared or a percentage 0-100</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>barriers per block: %1 is not between 0 and 16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+72"/>
        <source>warps per block = ⌈%1 threads / %2⌉ = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>registers per thread = 0 → registers do not limit the blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>registers per warp = %1 × %2 = %3 → rounded up to a multiple of %4 → %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>registers per block = %1 × %2 warps = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>blocks by registers: the hardware counts %1 warps (%2 rounded up to the %3 register-file sub-partitions) × %4 = %5 registers, more than the %6 a block may use → 0 blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>blocks by registers: %1 registers per block is more than the %2 a block may use → 0 blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>blocks by registers: each of the %1 register-file sub-partitions holds ⌊(%2 / %1) / %3⌋ = ⌊%4 / %3⌋ = %5 warps → %5 × %1 = %6 warps per SM → ⌊%6 / %7 warps⌋ = %8 blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 static + %2 dynamic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>shared memory per block = %1 + %2 reserved = %3 → rounded up to a multiple of %4 B → %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>shared memory per block = %1 → rounded up to a multiple of %2 B → %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>shared memory per SM: carveout default → %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shared memory per SM: carveout max L1 → %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shared memory per SM: carveout %1 % × %2 = %3 → next supported size %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>; one block needs %1, so the driver takes the next size that fits → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>blocks by shared memory: %1 per block is more than a block may use → 0 blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>blocks by shared memory: none used → no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>blocks by shared memory = ⌊%1 / %2⌋ = ⌊%3 / %4⌋ = %5 blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>blocks by warps = ⌊%1 / %2⌋ = %3 blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>blocks per SM limit (CC %1) = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>blocks by barriers (%1 per block) = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>min(%1) = %2 blocks/SM → %2 × %3 warps = %4 warps → %4 / %5 = %6 (limited by %7)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the spec DB gives %1 blocks per SM for CC %2, cuda_occupancy.h uses %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the spec DB gives a register allocation unit of %1, cuda_occupancy.h uses %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the spec DB gives a shared-memory granularity of %1 B, cuda_occupancy.h uses %2 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the spec DB gives %1 register-file sub-partitions, cuda_occupancy.h uses %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the spec DB gives %1 warps per SM but %2 threads per SM (%3 warps); the threads figure is used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>internal: an intermediate number of the explanation does not reproduce cuda_occupancy.h&apos;s result; the header&apos;s numbers are the ones reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>registers: %1 per thread × %2 threads do not fit the %3 registers a block may use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>shared memory per block: %1 allocated is more than a block may use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>threads per block: %1 is more than the SM allows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cuda_occupancy.h allows 0 blocks per SM</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>model::OccupancyResult</name>
    <message>
        <location line="-529"/>
        <source>%1 block/SM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 blocks/SM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 warp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 warps</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>model::Reader</name>
    <message>
        <location filename="../../model/ncuimport.cpp" line="-533"/>
        <source>unknown unit &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&quot;%1&quot; is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>negative value %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&quot;%1&quot; is out of range</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>model::ResultSet</name>
    <message>
        <location filename="../../model/resultset.cpp" line="+88"/>
        <location line="+185"/>
        <source>must be a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-182"/>
        <source>min &lt;= median &lt;= max does not hold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>must be true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+36"/>
        <source>&quot;%1&quot; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-19"/>
        <source>must be &quot;memory&quot; or &quot;compute&quot;, not &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>must be &quot;%1&quot;, not &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+107"/>
        <source>device: &quot;%1&quot; %2; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <location line="+116"/>
        <source>is %1 MiB; results files larger than %2 MiB are refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-106"/>
        <source>is not valid JSON: %1 at line %2, column %3 (offset %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>is not a RoofLab results file (the top level is not a JSON object)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>is not a RoofLab results file (no &quot;schema&quot;: &quot;%1&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>is not a RoofLab results file (schema &quot;%1&quot;, expected &quot;%2&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>has an unknown schema &quot;%1&quot; (expected &quot;%2&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>was written by a newer RoofLab (results schema version %1; this version reads version %2 and older): update RoofLab to open it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&quot;created&quot; must be a string; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&quot;tool&quot; must be an object; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&quot;device&quot; must be an object; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&quot;%1&quot; must be an array; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+20"/>
        <source>is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-16"/>
        <source>ceilings[%1] (%2 %3): %4; entry skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>measurements[%1] (kernel &quot;%2&quot;): %3; entry skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>is a folder, not a results file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cannot be opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+42"/>
        <location line="+4"/>
        <location line="+3"/>
        <source>cannot be written: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>model::SpecDb</name>
    <message>
        <location filename="../../model/specdb.cpp" line="+59"/>
        <source>not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not valid JSON: the number on line %1 must be finite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not valid JSON (%1 on line %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>unsupported schema &quot;%1&quot; (expected rooflab.gpu/1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>may hold only lowercase letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>must look like &quot;9.0&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>is missing (required for NVIDIA GPUs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>is missing: every GPU needs its main-memory bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>needs at least one precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>duplicate id &quot;%1&quot; (already loaded from %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>duplicate id &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>model::TileModel</name>
    <message>
        <location filename="../../model/tilemodel.cpp" line="+106"/>
        <source>HBM traffic: no resident blocks per wave to share panels; no reuse assumed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>HBM traffic: the spec DB has no L2 size for %1; no reuse assumed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HBM traffic: %1 blocks are too many for the wave-by-wave model; no reuse assumed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+40"/>
        <source>grouped order, %1 rows of tiles per group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>row-major block order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>in-flight K-slices (%1 stages × BK of each panel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>whole A and B panels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>HBM traffic: each wave of %1 blocks (%2) reads its A and B panels once; the largest wave&apos;s %3 take %4, within the %5 L2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>HBM traffic: in %1 of %2 waves (%3) the %4 take more than the %5 L2 holds (up to %6); those waves are counted with no reuse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>M, N, K: every size must be at least 1 (got %1, %2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BM, BN, BK: every tile size must be at least 1 (got %1, %2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>stages: at least 1 shared-memory buffer is needed (got %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>threads: at least 1 per block (got %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>group: at least 1 row of tiles per group (got %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>extra shared memory: must not be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>threads: the %1×%2 tile has %3 outputs, which %4 threads cannot share evenly (%3 is not a multiple of %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>dtype: %1 has no %2 peak in the spec database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>tile: %1×%2×%3 is not a multiple of the %4 tensor-core MMA shape (%5) for %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>estimated registers per thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>registers per thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>registers: %1 per thread is an estimate (accumulators + fragments + 32); compile the kernel for the real count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>registers: %1 %2 is outside 0..255</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>GPU: %1 has no per-SM limits in the spec database, so occupancy and waves are unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>shared memory: %1 stages × (%2×%3 + %3×%4) × %5 B = %6 B is more than the %7 B a block may use on %8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>occupancy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>L2 bandwidth: %1 as given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>L2 bandwidth: ASSUMED %1 × HBM = %2; the spec DB has no L2 figure for %3 (measure it and pass it to replace this assumption)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>GPU: %1 has no HBM bandwidth in the spec database</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>model::events</name>
    <message>
        <location filename="../../model/events.cpp" line="+96"/>
        <source>not JSON: %1 at offset %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not an event (a JSON object with an &quot;event&quot; string)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>measurement event: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>ceiling event: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>model::lessons</name>
    <message>
        <location filename="../../model/lesson.cpp" line="+44"/>
        <location line="+135"/>
        <source>is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-129"/>
        <source>needs non-empty &quot;en&quot; and &quot;zh&quot; texts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+4"/>
        <source>must be a list of names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>unknown GPU &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>unknown data type &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>must be a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>unknown field (known: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>at most three comparison GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>unknown precision &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>unknown memory level &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>must be &quot;log&quot; or &quot;linear&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must be a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>must not be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unknown panel &quot;%1&quot; (known: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>not valid JSON (%1 at offset %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must be &quot;rooflab.lesson/1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>a lesson needs at least one step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must be an object</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>model::workloads</name>
    <message>
        <location filename="../../model/workloads.cpp" line="+158"/>
        <source>unknown workload &quot;%1&quot; (known: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>workload &quot;%1&quot; has no parameter &quot;%2&quot; (it takes: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>parameter &quot;%1&quot; of %2 must be %3 (got %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>zero or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>elementwise needs at least one load or store per element</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
