#include "live/hostsdialog.h"

#include "workerclient.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMap>
#include <QPushButton>
#include <QVBoxLayout>

HostsDialog::HostsDialog(QWidget *parent)
    : QDialog(parent), m_list(new QListWidget), m_name(new QLineEdit), m_command(new QLineEdit),
      m_add(new QPushButton(tr("Add"))), m_remove(new QPushButton(tr("Remove"))),
      m_testButton(new QPushButton(tr("Test"))), m_result(new QLabel), m_problem(new QLabel)
{
    setObjectName(QStringLiteral("hostsDialog"));
    setWindowTitle(tr("Hosts"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr(
        "Kernels run where rooflab-cli worker runs. A host is a name and the command that starts the worker "
        "there: your ~/.ssh/config, keys, agent and ProxyJump apply to ssh; no password is ever asked for "
        "or stored."));
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto *row = new QHBoxLayout;
    m_list->setObjectName(QStringLiteral("hostList"));
    row->addWidget(m_list, 1);
    auto *buttons = new QVBoxLayout;
    for (QPushButton *b : {m_add, m_remove, m_testButton})
        buttons->addWidget(b);
    buttons->addStretch();
    row->addLayout(buttons);
    layout->addLayout(row);
    auto *form = new QFormLayout;
    m_name->setObjectName(QStringLiteral("hostName"));
    m_command->setObjectName(QStringLiteral("hostCommand"));
    m_command->setPlaceholderText(Hosts::sshExample(QStringLiteral("gpu-lab")));
    m_command->setToolTip(tr("For example:\n%1\n%2\nor any command that starts rooflab-cli worker.")
                              .arg(Hosts::sshExample(QStringLiteral("gpu-lab")), Hosts::slurmExample()));
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Command:"), m_command);
    layout->addLayout(form);
    m_result->setObjectName(QStringLiteral("hostTestResult"));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_result);
    m_problem->setObjectName(QStringLiteral("hostProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("QLabel { color: #8e1b1b; }"));
    layout->addWidget(m_problem);
    auto *box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(box, &QDialogButtonBox::accepted, this, &HostsDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &HostsDialog::reject);
    layout->addWidget(box);

    connect(m_list, &QListWidget::currentRowChanged, this, &HostsDialog::onRowChanged);
    connect(m_name, &QLineEdit::editingFinished, this, &HostsDialog::applyEdit);
    connect(m_command, &QLineEdit::editingFinished, this, &HostsDialog::applyEdit);
    connect(m_add, &QPushButton::clicked, this, [this] {
        int n = int(m_hosts.size());
        QString name;
        do
            name = tr("gpu-server-%1").arg(n++);
        while (!Hosts::problem({name, QStringLiteral("x")}, m_hosts).isEmpty());
        if (addHost({name, Hosts::sshExample(name)}))
            m_name->setFocus();
    });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const int row = m_list->currentRow();
        if (row <= 0 || row >= m_hosts.size())
            return;
        m_hosts.removeAt(row);
        fillList();
        selectHost(std::min(row, int(m_hosts.size()) - 1));
    });
    connect(m_testButton, &QPushButton::clicked, this, &HostsDialog::testSelected);
    setHosts(Hosts::load());
    resize(640, 420);
}

HostsDialog::~HostsDialog() = default;

void HostsDialog::setHosts(const QList<Host> &hosts)
{
    m_hosts = hosts;
    if (m_hosts.isEmpty() || !m_hosts.first().isLocal())
        m_hosts.prepend(Hosts::local());
    fillList();
    selectHost(0);
}

void HostsDialog::fillList()
{
    const QSignalBlocker block(m_list);
    m_list->clear();
    for (const Host &h : m_hosts)
        m_list->addItem(h.isLocal() ? h.name : QStringLiteral("%1  —  %2").arg(h.name, h.command));
}

void HostsDialog::selectHost(int row)
{
    m_list->setCurrentRow(row);
    onRowChanged(row);
}

void HostsDialog::onRowChanged(int row)
{
    const bool valid = row >= 0 && row < m_hosts.size();
    const bool local = valid && m_hosts.at(row).isLocal();
    m_name->setText(valid ? m_hosts.at(row).name : QString());
    m_command->setText(valid ? m_hosts.at(row).command : QString());
    m_name->setEnabled(valid && !local);
    m_command->setEnabled(valid && !local);
    m_remove->setEnabled(valid && !local);
    m_testButton->setEnabled(valid);
    m_problem->clear();
}

void HostsDialog::applyEdit()
{
    const int row = m_list->currentRow();
    if (row <= 0 || row >= m_hosts.size())
        return;
    QList<Host> others = m_hosts;
    others.removeAt(row);
    const Host edited{m_name->text().trimmed(), m_command->text().trimmed()};
    const QString why = Hosts::problem(edited, others);
    m_problem->setText(why);
    if (!why.isEmpty())
        return;
    m_hosts[row] = edited;
    fillList();
    m_list->setCurrentRow(row);
}

bool HostsDialog::addHost(const Host &host)
{
    const QString why = Hosts::problem(host, m_hosts);
    m_problem->setText(why);
    if (!why.isEmpty())
        return false;
    m_hosts.append(host);
    fillList();
    selectHost(int(m_hosts.size()) - 1);
    return true;
}

QString HostsDialog::testResult() const
{
    return m_result->text();
}

QString HostsDialog::problem() const
{
    return m_problem->text();
}

QString HostsDialog::describeHello(const QJsonObject &hello)
{
    // "2 × NVIDIA H200" per model, in the order the worker lists them.
    QStringList order;
    QMap<QString, int> count;
    for (const QJsonValue &g : hello.value(QLatin1String("gpus")).toArray()) {
        const QString name = g.toObject().value(QLatin1String("name")).toString();
        if (!count.contains(name))
            order.append(name);
        ++count[name];
    }
    QStringList gpus;
    for (const QString &n : order)
        gpus.append(tr("%1 × %2").arg(count.value(n)).arg(n));
    QStringList parts = {gpus.isEmpty() ? tr("no CUDA device") : gpus.join(QStringLiteral(", "))};
    if (hello.contains(QLatin1String("driver")))
        parts.append(tr("driver %1").arg(hello.value(QLatin1String("driver")).toString()));
    parts.append(tr("RoofLab %1").arg(hello.value(QLatin1String("version")).toString()));
    parts.append(tr("protocol %1").arg(hello.value(QLatin1String("protocol")).toInt()));
    return tr("connected: %1").arg(parts.join(QStringLiteral(", ")));
}

void HostsDialog::testSelected()
{
    applyEdit();
    const int row = m_list->currentRow();
    if (row < 0 || row >= m_hosts.size())
        return;
    if (m_test)
        m_test->deleteLater();
    auto *w = new WorkerClient(this);
    m_test = w;
    const Host h = m_hosts.at(row);
    w->setHost(h.name, h.command);
    m_result->setText(tr("Testing %1…").arg(h.name));
    connect(w, &WorkerClient::waiting, this, [this, h](const QString &m) {
        if (!m.isEmpty())
            m_result->setText(tr("%1 waits in the queue: %2").arg(h.name, m));
    });
    connect(w, &WorkerClient::finished, this, [this, w](const QString &, bool ok, const QString &message) {
        if (ok && !w->helloEvent().isEmpty())
            showResult(describeHello(w->helloEvent()), true);
        else
            showResult(message.isEmpty() ? w->lastFailure() : message, false);
        w->deleteLater();
    });
    if (w->requestDevices().isEmpty()) {
        showResult(w->lastFailure(), false);
        w->deleteLater();
    }
}

void HostsDialog::showResult(const QString &text, bool ok)
{
    m_result->setText(text);
    m_result->setStyleSheet(ok ? QStringLiteral("QLabel { color: #1b5e20; }")
                               : QStringLiteral("QLabel { color: #8e1b1b; }"));
    emit testFinished(ok, text);
}

void HostsDialog::accept()
{
    applyEdit();
    if (!m_problem->text().isEmpty())
        return;
    Hosts::save(m_hosts);
    QDialog::accept();
}
