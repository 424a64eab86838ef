#include "shell/mainwindow.h"

#include "chart/rooflinechart.h"
#include "classroom/classroom.h"
#include "classroom/presentationmode.h"
#include "panels/llmview.h"
#include "panels/occupancypanel.h"
#include "panels/workloadpanel.h"
#include "shell/ceilingtoggles.h"
#include "shell/gpupicker.h"
#include "shell/helpdialogs.h"
#include "shell/panelswitcher.h"
#include "shell/uilanguage.h"
#include "shell/windowfit.h"
#include "tile/tileexplorer.h"
#include "workspace/workspace.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMetaMethod>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

static_assert(Workspace::kMaxGpus == RooflineChart::kMaxGpus, "the workspace shows what the chart can draw");

MainWindow::MainWindow(const model::SpecDb &db, QWidget *parent)
    : QMainWindow(parent), m_workspace(new Workspace(db)), m_ownsWorkspace(true)
{
    m_workspace->restore(QSettings());
    build();
    restoreSettings();
}

MainWindow::MainWindow(Workspace *workspace, QWidget *parent) : QMainWindow(parent), m_workspace(workspace)
{
    build();
}

MainWindow::~MainWindow()
{
    // The widgets' connections to a workspace of the window's own end with it (each is made in
    // the workspace's context), so it may go before them; the tile explorer, a view of its
    // session, goes first.
    if (m_ownsWorkspace) {
        delete m_tiles;
        delete m_workspace;
    }
}

void MainWindow::build()
{
    m_chart = new RooflineChart(this);
    m_picker = new GpuPicker(GpuPicker::Mode::Single);
    m_compare = new GpuPicker(GpuPicker::Mode::Check);
    m_toggles = new CeilingToggles;
    m_workloads = new WorkloadPanel(m_workspace->workloads());
    m_occupancy = new OccupancyPanel;
    m_panels = new QTabWidget;

    setWindowTitle(tr("RoofLab"));
    setObjectName(QStringLiteral("MainWindow"));
    setCentralWidget(m_chart);
    m_compare->setMaxChecked(Workspace::kMaxGpus - 1);
    buildDocks();
    buildActions();

    m_refusedButton = new QToolButton(this);
    m_refusedButton->setAutoRaise(true);
    connect(m_refusedButton, &QToolButton::clicked, this, &MainWindow::showRefusedFiles);
    statusBar()->addPermanentWidget(m_refusedButton);
    const model::SpecDb &db = m_workspace->specDb();
    m_refusedButton->setVisible(!db.errors().isEmpty());
    if (!db.errors().isEmpty()) {
        m_refusedButton->setText(tr("⚠ %n GPU file(s) refused", nullptr, int(db.errors().size())));
        m_refusedButton->setToolTip(refusedFiles().join(QLatin1Char('\n')));
        statusBar()->showMessage(
            tr("Some GPU database files were refused: %1").arg(refusedFiles().join(QStringLiteral("; "))));
    }

    registerPanel(QStringLiteral("roofline"), m_workloads);
    registerPanel(QStringLiteral("occupancy"), m_occupancy);
    // The tile explorer: its own tab, following the GPU; lessons find it as "tile".
    // A view of the workspace's session, which may already have a GPU and points: born in its
    // (hidden) tab, so that they reach the chart only once the tab is shown.
    QScrollArea *tilePage = addPanelPage(tr("Tile explorer"));
    m_tiles = new TileExplorer(m_workspace->tileSession(), m_chart, tilePage->viewport());
    tilePage->setWidget(m_tiles);
    registerPanel(QStringLiteral("tile"), m_tiles);
    connect(m_tiles, &TileExplorer::gpuRequested, this, &MainWindow::selectGpu);
    // Decode vs prefill: a view of the workspace's LLM session; lessons find it as "llm".
    auto *llm = new LlmView(m_workspace, m_chart);
    addPanel(llm, tr("Decode vs prefill"));
    registerPanel(QStringLiteral("llm"), llm);

    bindWorkspace();

    m_classroom = new Classroom(this); // before the layout is restored: its dock is part of it
    buildAppearanceMenus();
    buildHelpMenu();                      // last: after the Lesson menu
    m_fit = new WindowFit(this, m_chart); // the size for the screen, and the chart's share beside the docks
    connect(m_classroom->presentation(), &PresentationMode::activeChanged, m_fit, &WindowFit::setPresenting);
    // On the stage the lesson chooses the panel: its buttons would only take the panel's room.
    connect(m_classroom->presentation(), &PresentationMode::activeChanged, m_switcher,
            [this](bool active) { m_switcher->setVisible(!active); });
}

// Every widget that shows a choice is set from the workspace and writes back to it; the
// workspace's setters ignore a value they already hold, so the round trip ends there.
void MainWindow::bindWorkspace()
{
    Workspace *ws = m_workspace;
    fillPickers();
    connect(ws, &Workspace::gpusChanged, this, &MainWindow::fillPickers);

    connect(m_picker, &GpuPicker::currentChanged, ws, [ws](const QString &id) { ws->selectGpu(id); });
    connect(ws, &Workspace::gpuChanged, this, &MainWindow::onGpuChanged);

    connect(m_compare, &GpuPicker::checkedChanged, ws, &Workspace::setComparisonIds);
    connect(ws, &Workspace::comparisonChanged, this, [this](const QStringList &ids) {
        if (m_compare->checkedIds() != ids)
            m_compare->setCheckedIds(ids);
        updateChart();
    });

    m_toggles->setWanted(ws->wantedPrecisions(), ws->wantedLevels());
    connect(m_toggles, &CeilingToggles::changed, ws,
            [this, ws] { ws->setWantedCeilings(m_toggles->wantedPrecisions(), m_toggles->wantedLevels()); });
    connect(ws, &Workspace::ceilingsChanged, this, [this, ws] {
        if (m_toggles->wantedPrecisions() != ws->wantedPrecisions() ||
            m_toggles->wantedLevels() != ws->wantedLevels())
            m_toggles->setWanted(ws->wantedPrecisions(), ws->wantedLevels());
        updateChart();
    });

    m_logAction->setChecked(ws->logScale());
    m_chart->setLogScale(ws->logScale());
    connect(m_logAction, &QAction::toggled, ws, &Workspace::setLogScale);
    connect(ws, &Workspace::logScaleChanged, this, [this](bool log) {
        m_logAction->setChecked(log);
        m_chart->setLogScale(log);
    });

    connect(m_workloads, &WorkloadPanel::pointsChanged, this,
            [this] { m_chart->setPoints(m_workloads->points(), QStringLiteral("workloads")); });
    connect(m_workloads, &WorkloadPanel::entrySelected, ws, &Workspace::setSelectedWorkload);
    connect(ws, &Workspace::selectedWorkloadChanged, this, [this](const QString &id) {
        m_workloads->selectEntry(id);
        m_chart->setHighlighted(id);
    });
    connect(m_chart, &RooflineChart::pointClicked, m_workloads, &WorkloadPanel::selectEntry);

    m_occupancy->setInput(ws->occupancyInput());
    connect(m_occupancy, &OccupancyPanel::resultChanged, ws,
            [this, ws] { ws->setOccupancyInput(m_occupancy->input()); });
    connect(ws, &Workspace::occupancyInputChanged, m_occupancy, &OccupancyPanel::setInput);

    if (const model::Gpu *gpu = ws->gpu())
        onGpuChanged(*gpu);
    else
        updateChart();
    m_chart->setPoints(m_workloads->points(), QStringLiteral("workloads"));
}

void MainWindow::fillPickers()
{
    const QList<model::Gpu> gpus = m_workspace->specDb().gpus();
    const QSignalBlocker blockPicker(m_picker);
    const QSignalBlocker blockCompare(m_compare);
    m_picker->setGpus(gpus);
    m_compare->setGpus(gpus);
    m_compare->setCheckedIds(m_workspace->comparisonIds());
    if (!m_workspace->gpuId().isEmpty())
        m_picker->setCurrentId(m_workspace->gpuId());
}

void MainWindow::onGpuChanged(const model::Gpu &gpu)
{
    {
        const QSignalBlocker block(m_picker);
        m_picker->setCurrentId(gpu.id);
    }
    // Qt appends " — RoofLab" (the application's display name) itself.
    setWindowTitle(gpu.displayName());
    updateChart();
    m_workloads->setGpu(gpu);
    m_occupancy->setGpu(gpu); // the tile session follows the workspace by itself
    emit gpuChanged(gpu);
}

void MainWindow::buildDocks()
{
    auto *left = new QWidget;
    auto *layout = new QVBoxLayout(left);
    layout->addWidget(new QLabel(tr("<b>GPU</b>")));
    layout->addWidget(m_picker, 3);
    layout->addWidget(new QLabel(tr("<b>Compare with</b> (up to %1)").arg(RooflineChart::kMaxGpus - 1)));
    layout->addWidget(m_compare, 2);
    layout->addWidget(m_toggles);
    m_gpuDock = new QDockWidget(tr("GPUs and ceilings"), this);
    m_gpuDock->setObjectName(QStringLiteral("gpuDock")); // saveState() names docks by it
    // Scrolls rather than holding the window taller or wider than a 1280×720 screen.
    auto *leftScroll = new QScrollArea;
    leftScroll->setWidget(left);
    leftScroll->setWidgetResizable(true);
    leftScroll->setFrameShape(QFrame::NoFrame);
    m_gpuDock->setWidget(leftScroll);
    addDockWidget(Qt::LeftDockWidgetArea, m_gpuDock);

    addPanel(m_workloads, tr("Workloads"));
    addPanel(m_occupancy, tr("Occupancy"));
    m_panelDock = new QDockWidget(tr("Panels"), this);
    m_panelDock->setObjectName(QStringLiteral("panelDock"));
    // The panels' names as buttons that wrap into rows, above the panel in front.
    auto *panelsBox = new QWidget;
    auto *panelsLayout = new QVBoxLayout(panelsBox);
    panelsLayout->setContentsMargins(0, 0, 0, 0);
    panelsLayout->setSpacing(2);
    m_switcher = new PanelSwitcher(m_panels);
    panelsLayout->addWidget(m_switcher);
    panelsLayout->addWidget(m_panels, 1);
    m_panelDock->setWidget(panelsBox);
    addDockWidget(Qt::RightDockWidgetArea, m_panelDock);
    resizeDocks({m_gpuDock, m_panelDock}, {260, 420}, Qt::Horizontal);
}

void MainWindow::buildActions()
{
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *exportAction = m_fileMenu->addAction(tr("&Export chart…"), this, &MainWindow::exportDialog);
    exportAction->setShortcut(QKeySequence(tr("Ctrl+E")));
    m_fileMenu->addSeparator();
    QAction *quit = m_fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    QAction *reset = m_viewMenu->addAction(tr("&Reset view"), m_chart, &RooflineChart::resetView);
    reset->setShortcut(QKeySequence(tr("Ctrl+0")));
    m_logAction = m_viewMenu->addAction(tr("&Logarithmic axes"));
    m_logAction->setCheckable(true);
    m_logAction->setChecked(m_chart->isLogScale());
    m_logAction->setShortcut(QKeySequence(tr("Ctrl+L")));
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_gpuDock->toggleViewAction());
    m_viewMenu->addAction(m_panelDock->toggleViewAction());

    QToolBar *bar = addToolBar(tr("Chart"));
    bar->setObjectName(QStringLiteral("chartToolBar"));
    bar->addAction(exportAction);
    bar->addAction(reset);
    bar->addAction(m_logAction);
}

// After the classroom's View entries (lesson dock, presentation): Language and Theme last.
void MainWindow::buildAppearanceMenus()
{
    QMenu *language = m_viewMenu->addMenu(tr("&Language"));
    auto *languageGroup = new QActionGroup(language);
    const QString system = UiLanguage::systemLanguage();
    auto addLanguage = [&](const QString &choice, const QString &text) {
        QAction *a = language->addAction(text);
        a->setCheckable(true);
        a->setChecked(choice == UiLanguage::currentChoice());
        languageGroup->addAction(a);
        m_languageActions.insert(choice, a);
        connect(a, &QAction::triggered, this, [this, choice] { requestLanguage(choice); });
    };
    addLanguage(QString(), tr("System (%1)").arg(UiLanguage::nativeName(system)));
    language->addSeparator();
    // Each language in its own script, so a reader can find theirs whatever is shown now.
    for (const QString &code : UiLanguage::available())
        addLanguage(code, UiLanguage::nativeName(code));

    QMenu *theme = m_viewMenu->addMenu(tr("&Theme"));
    auto *themeGroup = new QActionGroup(theme);
    const std::pair<UiTheme::Mode, QString> themes[] = {{UiTheme::Mode::System, tr("System")},
                                                        {UiTheme::Mode::Light, tr("Light")},
                                                        {UiTheme::Mode::Dark, tr("Dark")}};
    for (const auto &[mode, text] : themes) {
        QAction *a = theme->addAction(text);
        a->setCheckable(true);
        a->setChecked(mode == UiTheme::current());
        themeGroup->addAction(a);
        m_themeActions.insert(int(mode), a);
        connect(a, &QAction::triggered, this, [this, mode = mode] { setThemeMode(mode); });
    }
}

void MainWindow::buildHelpMenu()
{
    m_helpMenu = menuBar()->addMenu(tr("&Help"));
    QAction *guide = m_helpMenu->addAction(tr("User &guide"), this, [this] {
        auto *d = new GuideDialog(this);
        d->setAttribute(Qt::WA_DeleteOnClose);
        // On the screen with its frame and buttons, 1280×720 included.
        const QRect screen = this->screen()->availableGeometry();
        d->resize(std::min(900, screen.width() - 40), std::min(760, screen.height() - 80));
        d->show();
    });
    guide->setShortcut(QKeySequence::HelpContents);
    m_helpMenu->addAction(tr("&Keyboard shortcuts"), this, [this] {
        auto *d = new ShortcutsDialog(this, this);
        d->setAttribute(Qt::WA_DeleteOnClose);
        d->show();
    });
    m_helpMenu->addSeparator();
    QAction *about = m_helpMenu->addAction(tr("&About RoofLab"), this, [this] { help::showAbout(this); });
    about->setMenuRole(QAction::AboutRole);
}

void MainWindow::requestLanguage(const QString &choice)
{
    UiLanguage::saveChoice(choice);
    if (choice == UiLanguage::currentChoice())
        return;
    if (isSignalConnected(QMetaMethod::fromSignal(&MainWindow::languageChangeRequested))) {
        emit languageChangeRequested(choice);
        return;
    }
    UiLanguage::install(choice);
    statusBar()->showMessage(tr("The new language applies to windows opened from now on."), 8000);
}

void MainWindow::setThemeMode(UiTheme::Mode mode)
{
    UiTheme::saveMode(mode);
    UiTheme::apply(mode); // palette change: every window's Classroom re-themes its chart
    if (QAction *a = m_themeActions.value(int(mode)))
        a->setChecked(true);
    m_classroom->applyChartTheme();
}

void MainWindow::changeEvent(QEvent *event)
{
    // The theme changed elsewhere (another window, the system): its menu entry follows.
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        if (QAction *a = m_themeActions.value(int(UiTheme::current())); a && !a->isChecked())
            a->setChecked(true);
    QMainWindow::changeEvent(event);
}

ChartTheme MainWindow::chartTheme(bool presentation) const
{
    return UiTheme::chartTheme(presentation);
}

QString MainWindow::uiLanguage() const
{
    return UiLanguage::current();
}

void MainWindow::showStatus(const QString &text, int timeoutMs)
{
    statusBar()->showMessage(text, timeoutMs);
}

const model::SpecDb &MainWindow::specDb() const
{
    return m_workspace->specDb();
}

QString MainWindow::currentGpuId() const
{
    return m_workspace->gpuId();
}

const model::Gpu *MainWindow::currentGpu() const
{
    return m_workspace->gpu();
}

void MainWindow::selectGpu(const QString &id)
{
    m_workspace->selectGpu(id);
}

QStringList MainWindow::comparisonGpuIds() const
{
    return m_workspace->comparisonIds();
}

void MainWindow::setComparisonGpus(const QStringList &ids)
{
    m_workspace->setComparisonIds(ids);
}

void MainWindow::setLogScale(bool log)
{
    m_workspace->setLogScale(log);
}

bool MainWindow::addGpu(const model::Gpu &gpu)
{
    return m_workspace->addGpu(gpu);
}

void MainWindow::updateChart()
{
    m_toggles->setAvailable(m_workspace->availablePrecisions(), m_workspace->availableLevels());
    m_chart->setUpdatesSuspended(true);
    m_chart->setGpus(m_workspace->shownGpus());
    m_chart->setVisiblePrecisions(m_workspace->wantedPrecisions());
    m_chart->setVisibleLevels(m_workspace->wantedLevels());
    m_chart->setUpdatesSuspended(false);
}

void MainWindow::addPanel(QWidget *panel, const QString &title)
{
    addPanelPage(title)->setWidget(panel);
}

QScrollArea *MainWindow::addPanelPage(const QString &title)
{
    // Each panel scrolls in its tab rather than widening the dock to the widest panel's
    // minimum (the occupancy sweeps), which would leave the chart a sliver.
    auto *scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_panels->addTab(scroll, title);
    if (m_switcher)
        m_switcher->rebuild();
    return scroll;
}

void MainWindow::showPanel(QWidget *panel)
{
    for (int i = 0; i < m_panels->count(); ++i)
        if (m_panels->widget(i) == panel || m_panels->widget(i)->isAncestorOf(panel)) {
            m_panels->setCurrentIndex(i);
            return;
        }
}

QWidget *MainWindow::currentPanel() const
{
    auto *scroll = qobject_cast<QScrollArea *>(m_panels->currentWidget());
    return scroll ? scroll->widget() : m_panels->currentWidget();
}

void MainWindow::registerPanel(const QString &name, QWidget *panel)
{
    m_namedPanels.insert(name, panel);
}

QWidget *MainWindow::panel(const QString &name) const
{
    return m_namedPanels.value(name);
}

QStringList MainWindow::panelNames() const
{
    QStringList names;
    for (auto it = m_namedPanels.begin(); it != m_namedPanels.end(); ++it)
        if (it.value())
            names << it.key();
    names.sort();
    return names;
}

bool MainWindow::exportChart(const QString &file, int width, int height)
{
    return m_chart->saveImage(file, width, height);
}

void MainWindow::exportDialog()
{
    QString filter;
    const QString file = QFileDialog::getSaveFileName(
        this, tr("Export chart"), QStringLiteral("roofline.png"),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"), &filter);
    if (file.isEmpty())
        return;
    if (exportChart(file, 1600, 1000))
        statusBar()->showMessage(tr("Chart written to %1").arg(file), 5000);
    else
        QMessageBox::warning(this, tr("Export chart"), tr("Could not write %1.").arg(file));
}

QStringList MainWindow::refusedFiles() const
{
    QStringList out;
    for (const model::SpecError &e : m_workspace->specDb().errors())
        out << e.text();
    return out;
}

void MainWindow::showRefusedFiles()
{
    QMessageBox box(QMessageBox::Warning, tr("GPU files refused"),
                    tr("These GPU database files were not loaded; every other file was."), QMessageBox::Ok,
                    this);
    box.setDetailedText(refusedFiles().join(QLatin1Char('\n')));
    box.setInformativeText(refusedFiles().join(QLatin1Char('\n')));
    box.exec();
}

void MainWindow::saveSettings() const
{
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
    m_workspace->save(s);
}

void MainWindow::restoreSettings()
{
    QSettings s;
    restoreLayout(s.value(QStringLiteral("window/geometry")).toByteArray(),
                  s.value(QStringLiteral("window/state")).toByteArray());
}

void MainWindow::restoreLayout(const QByteArray &geometry, const QByteArray &state)
{
    const bool restored = !geometry.isEmpty() && restoreGeometry(geometry);
    m_fit->fitToScreen(!restored); // a first start sizes for the screen; a saved size is clamped to it
    if (!state.isEmpty())
        restoreState(state);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSettings();
    QMainWindow::closeEvent(event);
}
